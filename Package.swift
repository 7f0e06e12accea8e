// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "dlib",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "dlib", targets: ["dlib"]),
        .executable(name: "dlib-sample-server", targets: ["dlib-sample-server"]),
        .library(name: "DLibKit", targets: ["DLibKit"]),
        .library(name: "SampleServer", targets: ["SampleServer"]),
    ],
    dependencies: [
        // Flags, help and subcommands.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The local store (cache, saved list, recently viewed): migrations,
        // WAL, records as plain structs.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // xlsx workbooks, streamed in libxlsxwriter's constant-memory mode.
        .systemLibrary(
            name: "CXLSXWriter",
            pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]
        ),
        .target(name: "CShims", dependencies: ["CCurl", "CLibXML2"]),
        // Covers: decoded with libjpeg-turbo, libpng and libwebp, drawn with
        // libchafa (kitty, iTerm2, sixel or half-block cells).
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .target(name: "CImages", dependencies: ["CChafa", "CJPEG", "CPNG", "CWebP"]),
        .target(
            name: "DLibKit",
            dependencies: ["CCurl", "CLibXML2", "CShims", "CXLSXWriter", "CImages", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(name: "SampleServer", dependencies: ["CImageEncoders"]),
        // The sample server's covers, encoded at run time (no image files in the repo).
        .target(
            name: "CImageEncoders", dependencies: ["CPNG", "CJPEG", "CWebP"], linkerSettings: [.linkedLibrary("webpmux"), .linkedLibrary("m")]),
        .executableTarget(
            name: "dlib",
            dependencies: [
                "DLibKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "dlib-sample-server",
            dependencies: [
                "SampleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The parser's libFuzzer target (scripts/fuzz builds it with
        // -sanitize=fuzzer); a normal build makes a corpus replayer of it.
        .executableTarget(name: "dlib-fuzz", dependencies: ["DLibKit"]),
        // scripts/bench: export, parse, first-page and render benchmarks.
        .executableTarget(
            name: "dlib-bench",
            dependencies: [
                "DLibKit", "SampleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "DLibKitTests",
            dependencies: ["DLibKit", "SampleServer", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["DLibKit", "SampleServer", "dlib", "dlib-sample-server"],
            exclude: ["Support"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
