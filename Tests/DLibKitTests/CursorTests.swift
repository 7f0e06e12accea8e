import Foundation
import Testing
@testable import DLibKit

@Suite struct CursorTests {
    let state = StateDirectory(path: NSTemporaryDirectory() + "dlib-cursor-\(UUID().uuidString)/state")

    @Test func remembersThePageAcrossStores() throws {
        let store = try CursorStore(state: state, endpoint: "http://a/holdings", keyword: nil)
        #expect(store.read() == .none)
        try store.write(page: 4, pageSize: 20, totalCount: 1237)
        let again = try CursorStore(state: state, endpoint: "http://a/holdings", keyword: nil)
        #expect(again.read() == .position(CursorPosition(endpoint: "http://a/holdings", keyword: nil, page: 4, pageSize: 20, totalCount: 1237)))
    }

    @Test func keepsOneCursorPerEndpointAndKeyword() throws {
        let a = try CursorStore(state: state, endpoint: "http://a/holdings", keyword: nil)
        let b = try CursorStore(state: state, endpoint: "http://b/holdings", keyword: nil)
        let c = try CursorStore(state: state, endpoint: "http://a/holdings", keyword: "기후")
        try a.write(page: 2, pageSize: 20, totalCount: nil)
        #expect(b.read() == .none)
        #expect(c.read() == .none)
        #expect(Set([a.file, b.file, c.file]).count == 3)
    }

    @Test func aCorruptFileIsReportedNotACrash() throws {
        let store = try CursorStore(state: state, endpoint: "http://a/holdings", keyword: nil)
        try Data("{\"page\": 3, \"pageSi".utf8).write(to: URL(fileURLWithPath: store.file))
        #expect(store.read() == .corrupt)
    }

    @Test func stateIsPrivate() throws {
        let store = try CursorStore(state: state, endpoint: "http://a/holdings", keyword: nil)
        try store.write(page: 1, pageSize: 20, totalCount: 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: state.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: state.path + "/cursors").filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file is left beside the cursor")
    }

    @Test func resetForgetsThePage() throws {
        let store = try CursorStore(state: state, endpoint: "http://a/holdings", keyword: nil)
        try store.write(page: 9, pageSize: 20, totalCount: nil)
        try store.reset()
        #expect(store.read() == .none)
        try store.reset() // twice is fine
    }

    @Test func navigationFollowsTheCursor() {
        let at3 = CursorPosition(endpoint: "e", keyword: nil, page: 3, pageSize: 20, totalCount: 100)
        #expect(Navigation.first.target(from: at3, pageSize: 20) == .page(1))
        #expect(Navigation.next.target(from: at3, pageSize: 20) == .page(4))
        #expect(Navigation.previous.target(from: at3, pageSize: 20) == .page(2))
        #expect(Navigation.page(7).target(from: at3, pageSize: 20) == .page(7))
        #expect(Navigation.next.target(from: nil, pageSize: 20) == .page(1))
        #expect(Navigation.previous.target(from: nil, pageSize: 20) == .nothingBefore)
        let at1 = CursorPosition(endpoint: "e", keyword: nil, page: 1, pageSize: 20, totalCount: 100)
        #expect(Navigation.previous.target(from: at1, pageSize: 20) == .nothingBefore)
    }

    @Test func aNewPageSizeCarriesOnFromTheFirstUnseenHolding() {
        // Holdings 1–60 seen at 20 a page; at 50 a page, holding 61 is on page 2.
        let at3 = CursorPosition(endpoint: "e", keyword: nil, page: 3, pageSize: 20, totalCount: nil)
        #expect(Navigation.next.target(from: at3, pageSize: 50) == .page(2))
        #expect(Navigation.previous.target(from: at3, pageSize: 10) == .page(4))
    }
}
