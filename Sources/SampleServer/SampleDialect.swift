/// The two ways of asking the one sample catalogue, per
/// shared/api-contract.md: the data portal's XML and the library's own
/// Pyxis JSON. One server always answers both; the dialect only picks
/// which endpoint `SampleServer.start()` hands back.
public enum SampleDialect: String, Sendable, CaseIterable {
    case portal
    case pyxis

    /// The other one, for the `.otherDialect` fault.
    var other: SampleDialect { self == .portal ? .pyxis : .portal }
}
