import Foundation
import Testing

/// dlib as `scripts/install` leaves it: scripts/test installs into a
/// temporary prefix once, before `swift test`, and names it in
/// DLIB_INSTALL_PREFIX. Without that prefix these tests fail, never skip.
@Suite struct InstallTests {
    let prefix: String
    let installed: String

    init() throws {
        let named = ProcessInfo.processInfo.environment["DLIB_INSTALL_PREFIX"]
        prefix = try #require(named, "DLIB_INSTALL_PREFIX is not set: run the tests through ./scripts/test, which installs dlib first")
        installed = prefix + "/bin/dlib"
        try #require(FileManager.default.isExecutableFile(atPath: installed), "no dlib at \(installed)")
    }

    /// Any program, with a bare environment and the prefix's bin on PATH.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> DLibProcess.Result {
        var environment = ["PATH": prefix + "/bin:/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LC_ALL": "C.UTF-8"]
        environment.merge(extra) { $1 }
        return try DLibProcess(environment: environment, executable: arguments[0]).run(Array(arguments.dropFirst()))
    }

    @Test func theInstalledBinaryIsTheOneBuiltHere() throws {
        let version = try run([installed, "--version"])
        #expect(version.status == 0)
        let built = try run([DLibProcess.binary, "--version"])
        #expect(!version.stdout.isEmpty)
        #expect(version.stdout == built.stdout)
    }

    @Test func itNeedsNoSwiftOnTheMachine() throws {
        let ldd = try run(["/usr/bin/ldd", installed])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libcurl"), "ldd listed the libraries: \(ldd.stdout)")
        #expect(!ldd.stdout.contains("/opt/swift"))
        #expect(!ldd.stdout.contains("libswift"), "the Swift runtime is linked in")
        #expect(!ldd.stdout.contains("not found"))
    }

    @Test func itReadsTheSampleCatalogue() throws {
        let box = try Sandbox()
        var process = box.dlib()
        process.executable = installed
        let result = try process.run("list", "--format", "tsv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.controlNumbers == box.ids(page: 1))
    }

    @Test func theManPageReadsWithMan() throws {
        let page = prefix + "/share/man/man1/dlib.1"
        let man = try run(["/usr/bin/man", "-P", "cat", "-l", page], environment: ["MANWIDTH": "80"])
        #expect(man.status == 0)
        #expect(man.stderr.isEmpty, "man has no complaint: \(man.stderr)")
        let lines = man.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("NAME"))
        #expect(lines.contains("SYNOPSIS"))
        #expect(man.stdout.contains("dlib list"), "each subcommand has its section")
        #expect(man.stdout.contains("DLIB_ENDPOINT"), "the settings are in it")
    }

    @Test func bashCompletesASubcommand() throws {
        let script = prefix + "/share/bash-completion/completions/dlib"
        // What bash sets before it calls a completion function for `dlib li<TAB>`.
        let completion = """
            source "$1"
            COMP_WORDS=(dlib li); COMP_CWORD=1; COMP_LINE='dlib li'; COMP_POINT=${#COMP_LINE}
            _dlib dlib li dlib
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try run(["/bin/bash", "-c", completion, "bash", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").contains("list"))
    }

    @Test func zshAndFishHaveTheirCompletions() throws {
        let zsh = try String(contentsOfFile: prefix + "/share/zsh/site-functions/_dlib", encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef dlib"))
        let fish = try String(contentsOfFile: prefix + "/share/fish/vendor_completions.d/dlib.fish", encoding: .utf8)
        #expect(fish.contains("complete -c 'dlib'") || fish.contains("complete -c dlib"))
        #expect(fish.contains("list"))
    }
}
