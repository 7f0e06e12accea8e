import Foundation

/// Covers: each holding with a cover URL gets one served here, the kinds
/// of `Options.covers` in turn, so a page shows pictures and bad kinds
/// side by side. Bodies are made once per (kind, id) and kept.
extension SampleServer {
    /// Points the catalogue's cover URLs at this server: absolute
    /// `/covers/<kind>/<id>` URLs in the records (both dialects send them),
    /// and the kind for Pyxis' relative thumbnail paths.
    func serveCovers(_ kinds: [SampleCover], origin: String) {
        records.withLock { records in
            var turn = 0
            for index in records.indices where records[index].fields["coverUrl"] != nil {
                let id = records[index].fields["controlNo"] ?? String(index)
                let kind = kinds[turn % kinds.count]
                turn += 1
                records[index].fields["coverUrl"] = origin + kind.path(for: id)
                coverKinds.withLock { $0[id] = kind }
            }
        }
    }

    func cover(_ kind: SampleCover?, id: String, ifNoneMatch: String?) -> ServerResponse {
        guard let kind = kind ?? coverKinds.withLock({ $0[id] }) else {
            return ServerResponse(status: 404, contentType: "text/plain", text: "no cover\n")
        }
        let etag = "\"\(kind.rawValue)-\(id)\""
        if ifNoneMatch == etag {
            return ServerResponse(status: 304, contentType: kind.body(for: id).contentType, headers: [("ETag", etag)], body: [])
        }
        let (contentType, body) = coverBodies.withLock { cache in
            if let made = cache[etag] { return made }
            let made = kind.body(for: id)
            cache[etag] = made
            return made
        }
        return ServerResponse(status: kind.status, contentType: contentType,
                              headers: [("ETag", etag), ("Last-Modified", "Mon, 02 Nov 2026 10:00:00 GMT")], body: body)
    }
}
