import CImages

/// One cover as pixels: RGBA8, unassociated alpha, `width * 4` bytes a row.
/// Made only by `decode`, which treats the bytes as hostile (they come
/// from a host the user never chose): the format is told by its magic
/// bytes, never by the server's Content-Type; sizes are checked before a
/// pixel is decoded; every failure is a `CoverImage.Refusal`, never a trap.
public struct CoverImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    /// Larger sides are refused before decoding (decompression bombs).
    public static let maximumSide = 10_000
    /// And so is a larger area: 10,000 × 10,000 RGBA would be 400 MB, and a
    /// flat-coloured picture that size compresses to a few kilobytes. Four
    /// megapixels (16 MB decoded) is far beyond any cover a catalogue sends,
    /// and six decoded at once stay under 100 MB.
    public static let maximumPixels = 4_000_000
    /// Smaller pictures are tracking pixels or spacers, not covers.
    public static let minimumSide = 8

    public enum Format: String, Sendable { case jpeg, png, webp }

    public enum Refusal: Error, Equatable, Sendable {
        case empty
        case notAnImage
        case tooLarge
        case tooSmall
        case corrupt(Format)
        case outOfMemory
    }

    public init?(width: Int, height: Int, rgba: [UInt8]) {
        let (bytes, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, bytes.multipliedReportingOverflow(by: 4) == (rgba.count, false) else {
            return nil
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The format the bytes say they are, whatever the server said.
    public static func sniff(_ bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// Decodes a JPEG, PNG or WebP (an animated one's first frame). A JPEG
    /// may come out scaled down by its own DCT while its short side stays
    /// at least `minimumDecodedSide`.
    public static func decode(_ bytes: [UInt8], minimumDecodedSide: Int = 0) throws(Refusal) -> CoverImage {
        guard !bytes.isEmpty else { throw .empty }
        guard let format = sniff(bytes) else { throw .notAnImage }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        let side = Int32(maximumSide)
        let area = Int(maximumPixels)
        let status = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return Int32(DLIB_IMAGE_CORRUPT) }
            switch format {
            case .jpeg:
                return dlib_decode_jpeg(base, buffer.count, side, area, Int32(clamping: minimumDecodedSide), &pixels, &width, &height)
            case .png:
                return dlib_decode_png(base, buffer.count, side, area, &pixels, &width, &height)
            case .webp:
                return dlib_decode_webp(base, buffer.count, side, area, &pixels, &width, &height)
            }
        }
        defer { dlib_image_free(pixels) }
        switch Int(status) {
        case Int(DLIB_IMAGE_OK): break
        case Int(DLIB_IMAGE_TOO_LARGE): throw .tooLarge
        case Int(DLIB_IMAGE_NO_MEMORY): throw .outOfMemory
        default: throw .corrupt(format)
        }
        guard let pixels, width > 0, height > 0 else { throw .corrupt(format) }
        guard width >= minimumSide, height >= minimumSide else { throw .tooSmall }
        let count = Int(width) * Int(height) * 4
        let copy = Array(UnsafeBufferPointer(start: pixels, count: count))
        guard let image = CoverImage(width: Int(width), height: Int(height), rgba: copy) else { throw .corrupt(format) }
        return image
    }

    /// This image scaled down (never up) to fit `maxWidth` × `maxHeight`,
    /// aspect kept, by averaging the source pixels each target pixel covers:
    /// what the cache keeps, so a page of covers is a few hundred KB.
    public func thumbnail(fitting maxWidth: Int, _ maxHeight: Int) -> CoverImage {
        guard maxWidth > 0, maxHeight > 0, width > maxWidth || height > maxHeight else { return self }
        let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        let targetWidth = max(1, min(maxWidth, Int((Double(width) * scale).rounded())))
        let targetHeight = max(1, min(maxHeight, Int((Double(height) * scale).rounded())))
        var out = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        for ty in 0..<targetHeight {
            let y0 = ty * height / targetHeight
            let y1 = max(y0 + 1, (ty + 1) * height / targetHeight)
            for tx in 0..<targetWidth {
                let x0 = tx * width / targetWidth
                let x1 = max(x0 + 1, (tx + 1) * width / targetWidth)
                var sums = (0, 0, 0, 0)
                for y in y0..<y1 {
                    var index = (y * width + x0) * 4
                    for _ in x0..<x1 {
                        sums.0 += Int(rgba[index])
                        sums.1 += Int(rgba[index + 1])
                        sums.2 += Int(rgba[index + 2])
                        sums.3 += Int(rgba[index + 3])
                        index += 4
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                let target = (ty * targetWidth + tx) * 4
                out[target] = UInt8(sums.0 / count)
                out[target + 1] = UInt8(sums.1 / count)
                out[target + 2] = UInt8(sums.2 / count)
                out[target + 3] = UInt8(sums.3 / count)
            }
        }
        return CoverImage(width: targetWidth, height: targetHeight, rgba: out) ?? self
    }
}
