import DLibKit
import Foundation
import SampleServer
import Testing

/// What a user expects of the commands, beyond their main job.
@Suite struct CommandMannersTests {
    @Test func nextAfterAPageSizeGoesOnWithItAndTheFooterOffersBoth() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        #expect(try dlib.run("list", "--page-size", "50").stdout.controlNumbers == box.ids(page: 1, size: 50))
        let next = try dlib.run("list", "--next", "--format", "table")
        #expect(next.stdout.controlNumbers == box.ids(page: 2, size: 50), "50 again, nothing repeated")
        #expect(next.stdout.contains("page 2 of 25 · 1,237 holdings · next: dlib list --next · previous: --prev"))
        #expect(try dlib.run("list", "--prev").stdout.controlNumbers == box.ids(page: 1, size: 50))
        #expect(box.server.requests.map(\.numOfRows) == [50, 50, 50])
    }

    @Test func diffExitCodeSaysWhetherThereAreDifferences() throws {
        let csv = try CSVFolder()
        let folder = csv.path
        func write(_ name: String, _ holdings: [Holding]) throws { try csv.write(name, holdings) }
        try write("a.csv", [Holding(controlNo: "A1", title: "One")])
        try write("b.csv", [Holding(controlNo: "A1", title: "Two")])
        let dlib = try Sandbox().dlib()
        let same = try dlib.run("diff", "--exit-code", folder + "/a.csv", folder + "/a.csv")
        #expect(same.status == 0)
        let differ = try dlib.run("diff", "--exit-code", folder + "/a.csv", folder + "/b.csv")
        #expect(differ.status == 1)
        #expect(differ.stderr.isEmpty, "the diff is the report")
        #expect(differ.stdout.contains("title: One → Two"))
        #expect(try dlib.run("diff", folder + "/a.csv", folder + "/b.csv").status == 0, "without the flag, differences are not a failure")
    }

    @Test func anUnknownSettingInTheConfigFileIsNamedWithItsLine() throws {
        let box = try Sandbox()
        let config = box.stateDir + "-config"
        try FileManager.default.createDirectory(atPath: config + "/dlib", withIntermediateDirectories: true)
        let file = config + "/dlib/config"
        _ = FileManager.default.createFile(atPath: file, contents: Data("# mine\nsource = portal\nservce_key = abc\n".utf8),
                                           attributes: [.posixPermissions: 0o600])
        let result = try box.dlib(extra: ["XDG_CONFIG_HOME": config]).run("list")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: \(file), line 3: unknown setting `servce_key`; dlib reads source, endpoint, service_key, list-term, color, ascii, ambiguous-width, images\n")
    }

    @Test func aSearchWithASpaceThatFindsNothingSuggestsTheWordsJoined() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("search", "기후 변화")
        #expect(result.status == 0)
        #expect(result.stderr == "dlib: no holdings match \u{201C}기후 변화\u{201D}; try it without the space: dlib search 기후변화\n")
    }

    @Test func anExtensionThatSaysAnotherFormatIsWarnedAbout() throws {
        let box = try Sandbox()
        let out = box.stateDir + "-x.csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try box.dlib().run("export", "--format", "jsonl", "-o", out)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("dlib: warning: \(out) ends in .csv but the export is JSON lines; pass --format csv for CSV\n"))
    }

    @Test func columnsChooseWhatTheTableGridAndTSVShow() throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        let dlib = box.dlib()
        let tsv = try dlib.run("list", "--columns", "id,title,call_no,availability", "--format", "tsv")
        #expect(tsv.status == 0)
        let lines = tsv.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "control_no\ttitle\tcall_no\tavailability")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 4 })
        let table = try dlib.run("list", "--columns", "title,status,year", "--format", "table", "--page", "1")
        let header = table.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasPrefix("Title") && header.contains("Status") && header.hasSuffix("Year"), "in the order asked: \(header)")
        let grid = try dlib.run("list", "--columns", "title,call_no", "--format", "grid", "--page", "1")
        let firstCallNo = try #require(Sandbox.catalogue.first?["callNo"])
        #expect(grid.stdout.contains(firstCallNo) || box.records.isEmpty)
        let out = box.stateDir + "-columns.csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try dlib.run("export", "--columns", "id,title,isbn", "-o", out).status == 0)
        let csv = try String(contentsOfFile: out, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(csv.first == "control_no,title,isbn")
        #expect(csv.count == box.records.count + 2, "header, every holding, and the last line end")
        #expect(try dlib.run("export", "--columns", "title", "--format", "jsonl").status == 64)
        let wrong = try dlib.run("list", "--columns", "title,shelf")
        #expect(wrong.status == 64)
        #expect(wrong.stderr.hasPrefix("dlib: unknown column `shelf`; the columns are control_no, title,"))
    }

    @Test func theDefaultTableAtEightyShowsWhatALibrarianReadsFirst() throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        let table = try box.dlib(extra: ["COLUMNS": "80"]).run("list", "--format", "table")
        let header = table.stdout.split(separator: "\n").first.map(String.init) ?? ""
        for column in ["ID", "Title", "Author", "Year", "Call No.", "Status", "Co"] {
            #expect(header.contains(column), "\(column) in \(header)")
        }
        #expect(table.stdout.contains("대출가능"), "availability is shown")
    }

    @Test func asciiFramesWhenAskedUnderTermDumbAndInTheCLocale() throws {
        let box = try Sandbox()
        for (arguments, extra) in [(["--ascii"], [String: String]()), ([], ["TERM": "dumb"]), ([], ["LANG": "C"]), ([], ["LC_ALL": "POSIX"])] {
            for format in ["table", "grid"] {
                let run = try box.dlib(extra: extra).run(["list", "--format", format, "--page", "1"] + arguments)
                #expect(run.status == 0)
                let drawn = run.stdout.unicodeScalars.filter { "─│┌┐└┘╭╮╰╯░▣·…█—".unicodeScalars.contains($0) }
                #expect(drawn.isEmpty, "\(format) \(arguments) \(extra)")
                #expect(run.stdout.contains(format == "table" ? "--  " : "+---"))
            }
        }
        let unicode = try box.dlib(extra: ["LANG": "C.UTF-8"]).run("list", "--format", "table", "--page", "1")
        #expect(unicode.stdout.contains("─"), "C.UTF-8 is a UTF-8 locale")
    }

    @Test func colourAlwaysColoursAPipeAndABadValueIsNamed() throws {
        let box = try Sandbox()
        #expect(try box.dlib().run("list", "--format", "table", "--color", "always").stdout.contains("\u{1B}[1m"))
        #expect(!(try box.dlib().run("list", "--format", "table").stdout.contains("\u{1B}")), "no escapes on a pipe")
        let bad = try box.dlib(extra: ["DLIB_AMBIGUOUS_WIDTH": "3"]).run("list", "--format", "table")
        #expect(bad.status == 1)
        #expect(bad.stderr == "dlib: DLIB_AMBIGUOUS_WIDTH is \"3\"; it must be one of auto, 1, 2\n")
    }

    @Test func theConfigFileSetsTheAmbiguousWidthAndASCII() throws {
        let box = try Sandbox()
        let config = box.stateDir + "-config"
        try FileManager.default.createDirectory(atPath: config + "/dlib", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: config) }
        _ = FileManager.default.createFile(atPath: config + "/dlib/config", contents: Data("ambiguous-width = 2\n".utf8),
                                           attributes: [.posixPermissions: 0o600])
        let wide = try box.dlib(extra: ["XDG_CONFIG_HOME": config]).run("list", "--format", "table")
        let narrow = try box.dlib().run("list", "--format", "table", "--page", "1")
        func rules(_ text: String) -> Int { text.split(separator: "\n").dropFirst().first?.filter { $0 == "─" }.count ?? 0 }
        #expect(rules(wide.stdout) > 0 && rules(wide.stdout) < rules(narrow.stdout))
        _ = FileManager.default.createFile(atPath: config + "/dlib/config", contents: Data("ascii = true\n".utf8),
                                           attributes: [.posixPermissions: 0o600])
        #expect(!(try box.dlib(extra: ["XDG_CONFIG_HOME": config]).run("list", "--format", "table").stdout.contains("─")))
    }

    @Test func aMistypedCommandGetsASuggestionAndEveryErrorOnePrefix() throws {
        let dlib = try Sandbox().dlib()
        let typo = try dlib.run("lsit")
        #expect(typo.status == 64)
        #expect(typo.stderr == "dlib: `lsit` is not a dlib command; did you mean `dlib list`? (`dlib --help` lists them)\n")
        let usage = try dlib.run("list", "--page", "0")
        #expect(usage.status == 64)
        #expect(usage.stderr == "dlib: --page must be between 1 and 100,000,000. (see `dlib list --help`)\n")
        let nested = try dlib.run("saved", "add")
        #expect(nested.stderr.hasPrefix("dlib: ") && nested.stderr.hasSuffix("(see `dlib saved add --help`)\n"))
        let help = try dlib.run("--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("OVERVIEW: Read the Ministry of Environment library's holdings catalogue"))
        #expect(help.stdout.contains("ambiguous-width"), "the config file's keys are listed")
        #expect(try dlib.run("help", "list").stdout.contains("OVERVIEW: Show one page of holdings"))
    }

    @Test func helpReflowsToTheTerminal() throws {
        let dlib = try Sandbox().dlib()
        for width in ["60", "120"] {
            var environment = dlib.environment
            environment["COLUMNS"] = width
            let run = try DLibProcess(environment: environment).run("list", "--help")
            let lines = run.stdout.split(separator: "\n")
            // A URL is one word: it cannot be broken.
            #expect(lines.allSatisfy { $0.count <= Int(width)! || $0.contains("https://") }, "at \(width)")
            // The discussion is one paragraph: it fills the width it has.
            let paragraph = lines.drop { !$0.hasPrefix("Plain `dlib list`") }.prefix { !$0.isEmpty && !$0.hasPrefix("USAGE") }
            #expect(paragraph.count >= 2)
            #expect(paragraph.dropLast().allSatisfy { $0.count > Int(width)! - 15 }, "reflowed at \(width): \(paragraph)")
        }
    }

    @Test func koreanMessagesUnderAKoreanLocaleAndMachineOutputUnchanged() throws {
        let box = try Sandbox()
        let korean = box.dlib(extra: ["LANG": "ko_KR.UTF-8"])
        let table = try korean.run("list", "--format", "table")
        #expect(table.stdout.hasSuffix("62쪽 중 1쪽 · 소장 자료 1,237건 · 다음: dlib list --next\n"))
        _ = try korean.run("list", "--page", "62")
        let past = try korean.run("list", "--next")
        #expect(past.status == 3)
        #expect(past.stderr == "dlib: 더 이상 쪽이 없습니다 (소장 자료 1,237건, 62쪽)\n")
        let none = try korean.run("search", "없는 검색어")
        #expect(none.stderr == "dlib: \u{201C}없는 검색어\u{201D}에 맞는 소장 자료가 없습니다; 띄어 쓰지 않고 찾아 보세요: dlib search 없는검색어\n")
        #expect(try korean.run("--help").stdout.hasPrefix("OVERVIEW: 환경부 도서관의 소장 자료 목록을 터미널에서 읽습니다."))
        #expect(try korean.run("lsit").stderr.contains("`dlib list`을(를) 찾으셨나요?"))
        let refused = try box.dlib(extra: ["LANG": "ko_KR.UTF-8", "DLIB_ENDPOINT": "http://127.0.0.1:9/holdings"])
            .run("list", "--retries", "0")
        #expect(refused.stderr == "dlib: 127.0.0.1:9에 연결할 수 없습니다 (연결 거부)\n")
        // Machine output is the same in every locale.
        let english = box.dlib(extra: ["LANG": "C"])
        #expect(try korean.run("list", "--page", "2", "--format", "tsv").stdout == english.run("list", "--page", "2", "--format", "tsv").stdout)
        #expect(try korean.run("list", "--page", "2", "--format", "json").stdout == english.run("list", "--page", "2", "--format", "json").stdout)
        #expect(try english.run("list", "--format", "table", "--page", "1").stdout.contains("page 1 of 62 | 1,237 holdings"))
    }

    @Test func showAndSavedAddMatchIdsInAnyCaseAndKnowWhatWasExported() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        let out = box.stateDir + "-all.csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try dlib.run("export", "-o", out).status == 0)
        let deep = box.ids(page: 40)[3]
        let shown = try dlib.run("show", deep.lowercased(), "--offline")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Control No.    \(deep)"))
        let saved = try dlib.run("saved", "add", deep.lowercased())
        #expect(saved.status == 0)
        #expect(try dlib.run("saved", "list", "--format", "tsv").stdout.firstColumnIds == [deep])
        #expect(try dlib.run("recent", "--format", "tsv").stdout.firstColumnIds == [deep], "recorded under its own id")
    }

    @Test func diffShowsWholeValuesWrappedToTheWidth() throws {
        let csv = try CSVFolder()
        let folder = csv.path
        func write(_ name: String, _ holdings: [Holding]) throws { try csv.write(name, holdings) }
        let long = "기후변화 적응과 생태계 서비스의 미래를 위한 정책 연구 보고서 제2권 부록과 색인 포함 개정판 마지막 장"
        try write("a.csv", [Holding(controlNo: "A1", title: "Short")])
        try write("b.csv", [Holding(controlNo: "A1", title: long)])
        let run = try Sandbox().dlib(extra: ["COLUMNS": "40"]).run("diff", folder + "/a.csv", folder + "/b.csv")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.standard.of($0) <= 40 })
        let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined.contains(long), "the whole new title is there")
        #expect(!run.stdout.contains("…"))
    }
}
