/// How covers reach the terminal, as `--images` names it. `auto` is
/// decided by `GraphicsDetection`; the others are taken as given (on a
/// terminal: a pipe always gets none).
public enum ImageSetting: String, Sendable, CaseIterable {
    case auto, kitty, iterm, sixel, blocks, none
}

/// A way of drawing pixels in a terminal that dlib has a drawer for.
public enum DrawMode: String, Sendable, CaseIterable {
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty).
    case kitty
    /// iTerm2's inline images (`ESC]1337;File=`), also WezTerm's.
    case iterm
    /// DEC sixel (foot, mlterm, xterm -ti vt340, Windows Terminal…).
    case sixel
    /// Half-block and quadrant characters in 24-bit colour.
    case blocks

    /// Pixel protocols place one picture over cells; blocks are text.
    var isPixelProtocol: Bool { self != .blocks }
}
