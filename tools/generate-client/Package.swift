// swift-tools-version: 6.0
// The OpenAPI generator, built apart from the project: `make client` runs it
// once on public/openapi.yaml and the generated Swift is committed under
// Sources/StickerTextClient/Generated, so that no build compiles the generator.
import PackageDescription

let package = Package(
    name: "generate-client",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
