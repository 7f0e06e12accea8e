import Foundation

/// The built dlib on a pseudo-terminal of its own (its controlling
/// terminal), through `Support/pty-run.py`, which plays the terminal:
/// it answers the queries dlib writes and types at its prompts.
struct PseudoTerminal {
    struct Result {
        var status: Int
        var output: String
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/pty-run.py").path

    var environment: [String: String]
    var columns = 80
    /// (query dlib writes, what the terminal answers), as `\e[6n`-style text.
    var answers: [(String, String)] = []
    /// (prompt dlib writes, what is typed then).
    var typing: [(String, String)] = []

    func run(_ arguments: [String]) throws -> Result {
        var options = ["--cols", String(columns)]
        for (query, reply) in answers { options += ["--answer", "\(query)=\(reply)"] }
        for (prompt, text) in typing { options += ["--type", "\(prompt)=\(text)"] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script] + options + ["--", DLibProcess.binary] + arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let status = object["status"] as? Int, let output = object["output"] as? String
        else { throw CocoaError(.coderReadCorrupt) }
        // A terminal turns each \n into \r\n; the tests read lines.
        return Result(status: status, output: output.replacingOccurrences(of: "\r\n", with: "\n"))
    }
}
