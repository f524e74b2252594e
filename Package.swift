// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "stickertext",
    products: [
        .library(name: "StickerText", targets: ["StickerText"]),
        .executable(name: "stickertext", targets: ["StickerTextCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The core: catalog, scanning, rendering, text model, editing, policy.
        // No HTTP, no FastCGI; the only I/O is reading pack files on request.
        .target(name: "StickerText"),
        .executableTarget(
            name: "StickerTextCLI",
            dependencies: [
                "StickerText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Counts malloc calls so the benchmark can report allocations per render.
        .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
        .executableTarget(
            name: "StickerTextBenchmarks",
            dependencies: ["StickerText", "MallocCounter"],
            path: "Benchmarks/StickerTextBenchmarks"
        ),
        .testTarget(
            name: "StickerTextTests",
            dependencies: [
                "StickerText",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]  // read from the source tree by path
        ),
    ]
)
