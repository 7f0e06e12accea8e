import Foundation
import Testing

/// libxml2 prints some errors itself unless told not to; dlib's one line
/// must be the only one. The fuzz target's replayer parses the fixtures in
/// a process of its own, so its stderr can be read.
@Suite struct ParserQuietTests {
    @Test func parsingBadInputPrintsNothing() throws {
        let replayer = URL(fileURLWithPath: DLibProcess.binary).deletingLastPathComponent().appendingPathComponent("dlib-fuzz").path
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DLibKitTests/Fixtures").path
        let result = try DLibProcess(environment: [:], executable: replayer).run(fixtures)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "libxml2 wrote: \(result.stderr)")
        #expect(result.stdout.hasPrefix("replayed "))
    }
}
