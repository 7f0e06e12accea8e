import SampleServer
import Testing
@testable import DLibKit

/// Every kind of body the sample server serves as a cover, decoded: the
/// pictures come out as pictures of the size they were drawn at, the bad
/// kinds as a refusal, none as a crash.
@Suite struct CoverImageTests {
    @Test(arguments: SampleCover.pictures)
    func picturesDecode(kind: SampleCover) throws {
        let body = kind.body(for: "MOE000000007").bytes
        let image = try CoverImage.decode(body)
        #expect(image.width == 60 && image.height == 90)
        // The band across the cover keeps its colour through every codec
        // (JPEG within its loss): the picture is the one drawn, not noise.
        let drawn = SampleCover.pixels(for: "MOE000000007")
        let index = (30 * 60 + 30) * 4
        for channel in 0..<3 {
            #expect(abs(Int(image.rgba[index + channel]) - Int(drawn[index + channel])) < 24, "\(kind) channel \(channel)")
        }
    }

    @Test func badKindsAreRefused() {
        let expected: [SampleCover: CoverImage.Refusal] = [
            .truncatedJPEG: .corrupt(.jpeg), .corruptPNG: .corrupt(.png), .htmlAsJPEG: .notAnImage, .empty: .empty,
            .onePixel: .tooSmall, .hugeDimensions: .tooLarge, .notFound: .notAnImage,
        ]
        #expect(Set(expected.keys).union([.oversized]) == Set(SampleCover.bad))
        for (kind, refusal) in expected {
            #expect(throws: refusal, "\(kind)") { try CoverImage.decode(kind.body(for: "MOE000000001").bytes) }
        }
    }

    /// Truncated JPEGs: libjpeg fills a cut-off file with grey and warns;
    /// dlib refuses it, and the warning never reaches stderr.
    @Test(arguments: [1, 2, 10, 100, 400, 1000])
    func everyCutOfAJPEGEndsInARefusalOrAPicture(length: Int) {
        let body = SampleCover.jpeg.body(for: "MOE000000001").bytes
        let cut = Array(body.prefix(length))
        do {
            let image = try CoverImage.decode(cut)
            #expect(image.width > 0)
        } catch {
            #expect(error != .tooLarge)
        }
    }

    @Test func dimensionsAreCheckedBeforeDecoding() {
        #expect(throws: CoverImage.Refusal.tooLarge) { try CoverImage.decode(SampleCover.bombPNG(side: 10_001)) }
        // At the limit the header passes and the (tiny, wrong) data fails.
        #expect(throws: CoverImage.Refusal.tooLarge) { try CoverImage.decode(SampleCover.bombPNG(side: 6_000)) }
    }

    @Test func jpegIsDecodedSmallerWhenAskedTo() throws {
        let body = SampleCover.jpeg.body(for: "MOE000000001").bytes
        let image = try CoverImage.decode(body, minimumDecodedSide: 20)
        #expect(image.width == 30 && image.height == 45)
    }

    @Test func thumbnailKeepsAspectAndNeverGrows() throws {
        let image = try CoverImage.decode(SampleCover.png.body(for: "MOE000000001").bytes)
        let small = image.thumbnail(fitting: 30, 30)
        #expect(small.width == 20 && small.height == 30)
        #expect(image.thumbnail(fitting: 600, 600) == image)
    }

    /// The fuzzer's path (decode, thumbnail, draw) over mutated covers of
    /// every picture kind, from a fixed seed: each ends in a refusal or a
    /// picture of sane size, never a crash.
    @Test(arguments: SampleCover.pictures)
    func mutatedCoversNeverCrash(kind: SampleCover) {
        let original = kind.body(for: "MOE000000003").bytes
        #expect(original.count > 100)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var pictures = 0
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<(1 + next() % 8) {
                let at = next() % bytes.count
                bytes[at] = UInt8(truncatingIfNeeded: next())
            }
            if next() % 4 == 0 { bytes = Array(bytes.prefix(next() % bytes.count)) }
            guard let image = try? CoverImage.decode(bytes, minimumDecodedSide: 240) else { continue }
            pictures += 1
            #expect(image.width <= CoverImage.maximumSide && image.height <= CoverImage.maximumSide)
            let lines = CoverDrawer(mode: .blocks).lines(image.thumbnail(fitting: 240, 360), columns: 10, rows: 5)
            #expect(lines?.count ?? 5 == 5)
        }
        #expect(pictures < 150, "some mutations are refused")
    }
}
