/// Where a catalogue's holdings come from, and the dialect it speaks.
public enum Source: String, CaseIterable, Sendable {
    /// The library's own catalogue service (Pyxis): JSON, no key, paged by offset.
    case pyxis
    /// A public-data-portal style service: XML, a service key, paged by page number.
    case portal

    /// The Ministry of Environment library's Pyxis service: what `dlib list`
    /// reads with nothing configured. The portal has no default: its URL
    /// comes with the key the portal issues.
    public static let defaultPyxisEndpoint = "https://library.me.go.kr/pyxis-api/2/collections/2"

    /// What its answers are written in, for the user's lines.
    public var format: String {
        switch self {
        case .pyxis: return "JSON"
        case .portal: return "XML"
        }
    }
}
