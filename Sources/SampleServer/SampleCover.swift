import CImageEncoders
import Foundation

/// The covers the sample server serves under `/covers/<kind>/<id>`: small
/// pictures drawn here in code and encoded with libpng, libjpeg and libwebp
/// (no image file in the repository), and every bad kind a cover service
/// has been seen to send, for the client's tests.
public enum SampleCover: String, Sendable, CaseIterable {
    // Pictures.
    case jpeg, png, webp
    /// CMYK JPEG, as print workflows leave on the web.
    case cmykJPEG = "cmyk-jpeg"
    /// 16 bits a channel.
    case png16
    /// An animated WebP (three frames): the first is the cover.
    case animatedWebP = "animated-webp"
    // Bad kinds.
    case truncatedJPEG = "truncated-jpeg"
    case corruptPNG = "corrupt-png"
    /// An HTML error page sent as image/jpeg.
    case htmlAsJPEG = "html-as-jpeg"
    case empty
    /// A 1 × 1 pixel (a tracking pixel, not a cover).
    case onePixel = "one-pixel"
    /// A PNG whose header says 20,000 × 20,000: a decompression bomb.
    case hugeDimensions = "huge-dimensions"
    /// 5 MiB of JPEG-looking bytes: over any sane body cap.
    case oversized
    /// A 404 with text that tries to reach the terminal.
    case notFound = "not-found"

    public static let pictures: [SampleCover] = [.jpeg, .png, .webp, .cmykJPEG, .png16, .animatedWebP]
    public static let bad: [SampleCover] = allCases.filter { !pictures.contains($0) }

    /// The path it is served under for one holding.
    public func path(for id: String) -> String { "/covers/\(rawValue)/\(id)" }

    /// The picture itself: a cover-shaped gradient with a band whose
    /// colour comes from the holding's id, so covers differ.
    public static func pixels(for id: String, width: Int = 60, height: Int = 90) -> [UInt8] {
        let hash = id.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        let band = (UInt8(truncatingIfNeeded: hash), UInt8(truncatingIfNeeded: hash >> 8), UInt8(truncatingIfNeeded: hash >> 16))
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                if y > height / 5 && y < height / 5 + height / 6 {
                    (rgba[index], rgba[index + 1], rgba[index + 2]) = band
                } else {
                    rgba[index] = UInt8(40 + x * 150 / width)
                    rgba[index + 1] = UInt8(60 + y * 120 / height)
                    rgba[index + 2] = UInt8(160 - y * 100 / height)
                }
            }
        }
        return rgba
    }

    /// The body and Content-Type served.
    public func body(for id: String) -> (contentType: String, bytes: [UInt8]) {
        let pixels = Self.pixels(for: id)
        switch self {
        case .jpeg: return ("image/jpeg", Self.encode { dlib_encode_jpeg(pixels, 60, 90, 85, 0, &$0) })
        case .png: return ("image/png", Self.encode { dlib_encode_png(pixels, 60, 90, 0, &$0) })
        case .webp: return ("image/webp", Self.encode { dlib_encode_webp(pixels, 60, 90, 1, &$0) })
        case .cmykJPEG: return ("image/jpeg", Self.encode { dlib_encode_jpeg(pixels, 60, 90, 85, 1, &$0) })
        case .png16: return ("image/png", Self.encode { dlib_encode_png(pixels, 60, 90, 1, &$0) })
        case .animatedWebP: return ("image/webp", Self.encode { dlib_encode_webp(pixels, 60, 90, 3, &$0) })
        case .truncatedJPEG:
            let whole = Self.encode { dlib_encode_jpeg(pixels, 60, 90, 85, 0, &$0) }
            return ("image/jpeg", Array(whole.prefix(whole.count / 3)))
        case .corruptPNG:
            var bytes = Self.encode { dlib_encode_png(pixels, 60, 90, 0, &$0) }
            // Keep the signature and IHDR, scramble the compressed data.
            for index in stride(from: 40, to: bytes.count, by: 3) { bytes[index] ^= 0x5A }
            return ("image/png", bytes)
        case .htmlAsJPEG:
            return ("image/jpeg", Array("<html><body>\u{1B}]0;pwned\u{7}\u{1B}[2J<h1>502 Bad Gateway</h1></body></html>\n".utf8))
        case .empty: return ("image/jpeg", [])
        case .onePixel: return ("image/png", Self.encode { dlib_encode_png([200, 10, 10, 255], 1, 1, 0, &$0) })
        case .hugeDimensions: return ("image/png", Self.bombPNG(side: 20_000))
        case .oversized:
            var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
            bytes += [UInt8](repeating: 0x42, count: 5 << 20)
            return ("image/jpeg", bytes)
        case .notFound: return ("text/plain", Array("no such cover \u{1B}[31mRED\u{1B}[0m\n".utf8))
        }
    }

    public var status: Int { self == .notFound ? 404 : 200 }

    private static func encode(_ body: (inout Int) -> UnsafeMutablePointer<UInt8>?) -> [UInt8] {
        var size = 0
        guard let bytes = body(&size) else { return [] }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }

    /// A PNG signature and an IHDR claiming `side` × `side` RGBA, then a
    /// tiny IDAT and IEND: a few dozen bytes that would be gigabytes decoded.
    public static func bombPNG(side: Int) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(UInt32(side)) + bigEndian(UInt32(side)) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
