import DLibKit
import Foundation

/// What the bytes go through: `DLIB_FUZZ_TARGET=pyxis` for the Pyxis JSON
/// mapping, `cover` for a cover's decode, scale and draw, anything else for
/// the portal's XML parser.
enum FuzzTarget: String {
    case portal, pyxis, cover
}

let fuzzTarget = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["DLIB_FUZZ_TARGET"] ?? "") ?? .portal

/// libFuzzer's entry point: any bytes through one parser or decoder. It
/// may refuse them, never crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHoldingsParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    switch fuzzTarget {
    case .portal: _ = try? HoldingsParser.parse(bytes, defaultPageNo: 1, defaultPageSize: 20)
    case .pyxis: _ = try? CatalogueClient.parse(bytes, source: .pyxis)
    case .cover:
        // The path a fetched cover takes: decode, thumbnail, chafa.
        if let image = try? CoverImage.decode(bytes, minimumDecodedSide: 240) {
            _ = CoverDrawer(mode: .blocks).lines(image.thumbnail(fitting: 240, 360), columns: 10, rows: 5)
        }
    }
    return 0
}

#if FUZZING
/// SwiftPM points `main` at this symbol for an executable target; here it
/// hands over to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("dlib_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzHoldingsParser(data, size) }
}
#else
/// Without libFuzzer (a normal build): replays files through the same entry
/// point, so the corpus and every crash found so far stay a regression test.
@main
struct ReplayCorpus {
    static func main() throws {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            let files = isFolder.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                var nested: ObjCBool = false
                if FileManager.default.fileExists(atPath: file, isDirectory: &nested), nested.boolValue { continue }
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
                _ = bytes.withUnsafeBufferPointer { fuzzHoldingsParser($0.baseAddress, $0.count) }
                count += 1
            }
        }
        print("replayed \(count) inputs through the \(fuzzTarget.rawValue) parser without a crash")
    }
}
#endif
