// swift-tools-version: 6.0
// libFuzzer targets over the StickerText core, built apart from the main
// package because a fuzzer binary gets its main() from libFuzzer.
// Build and run with `make fuzz` (see ../Makefile and ./run.sh).
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which is the checkout's.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "StickerTextFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "StickerTextFuzz",
            dependencies: [
                .product(name: "StickerText", package: rootIdentity),
                .product(name: "StickerTextJSON", package: rootIdentity),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
