/// How the printers show a cover: a mark where the holding has one, and a
/// placeholder, like the apps' grey box, where it has none.
public enum CoverMark {
    public static let present = "▣ cover"
    public static let missing = "░ no cover"
    public static let presentShort = "▣"
    public static let missingShort = "░"
}
