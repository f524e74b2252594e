// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "stickertext",
    products: [
        .library(name: "StickerText", targets: ["StickerText"]),
        // The JSON API without HTTP, for a program that answers the same bodies itself.
        .library(name: "StickerTextJSON", targets: ["StickerTextJSON"]),
        .executable(name: "stickertext", targets: ["StickerTextCLI"]),
        .executable(name: "stickertext-server", targets: ["StickerTextFastCGI"]),
        // A typed client of the JSON API for iOS and server apps, generated from public/openapi.yaml.
        .library(name: "StickerTextClient", targets: ["StickerTextClient"]),
        // Packs to and from other systems' formats (Mastodon, Misskey, Pleroma, Matrix, Slack; from Discord, Telegram).
        .library(name: "StickerTextPacks", targets: ["StickerTextPacks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        // URLSession (FoundationNetworking on Linux): no SwiftNIO to build.
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        // The core: catalog, scanning, rendering, text model, editing, policy, search.
        // No HTTP, no JSON API, no FastCGI; the only I/O is reading pack files on request.
        .target(name: "StickerText"),
        // The transport: the JSON API over the core as bytes in, bytes out (request and
        // response bodies, error codes, the packs and search documents), without HTTP;
        // for the server, the CLI's JSON modes, the benchmarks and the fuzzer.
        .target(name: "StickerTextJSON", dependencies: ["StickerText"]),
        // Format conversion, beside the core: other systems' pack layouts, and
        // the zip (ZIPFoundation) and tar.gz (the system's tar) archives they come in;
        // every picture they bring is decoded whole by libpng, giflib or libwebp.
        .target(
            name: "StickerTextPacks",
            dependencies: [
                "StickerText", "StickerTextJSON", "CLibcurl", "CPNG", "CGIF", "CWebP",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // libcurl's curl.h, from Debian's libcurl4-openssl-dev: an import's fetches from an instance,
        // held to the addresses checked (StickerTextPacks' HTTPFetch).
        .systemLibrary(name: "CLibcurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Generated/ is written by `make client` (tools/generate-client), not by a build plugin.
        .target(
            name: "StickerTextClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            exclude: ["Generated/openapi.yaml.sha256"]
        ),
        .executableTarget(
            name: "StickerTextCLI",
            dependencies: [
                "StickerText", "StickerTextJSON", "StickerTextPacks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libfcgi's fcgiapp.h, from Debian's libfcgi-dev.
        .systemLibrary(name: "CFastCGI", pkgConfig: "fcgi", providers: [.apt(["libfcgi-dev"])]),
        // Linux's sys/epoll.h and sys/eventfd.h (Glibc's module has neither): the worker's poller.
        .systemLibrary(name: "CEpoll"),
        // zlib's zlib.h, from Debian's zlib1g-dev: the server's gzip content coding. Not "CZlib":
        // ZIPFoundation names its own zlib module so, and one test bundle cannot have both.
        .systemLibrary(name: "CZlibServer", providers: [.apt(["zlib1g-dev"])]),
        // The decoders an imported picture must pass (and libpng's writer, for an animated WebP's poster).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // HTTP semantics of the JSON API: routing, status codes (the status table), headers,
        // content coding (gzip, through zlib). Knows nothing of FastCGI, so it is
        // tested without sockets.
        .target(name: "StickerTextHTTP", dependencies: ["StickerText", "StickerTextJSON", "CZlibServer"]),
        // The FastCGI process: libfcgi, master and workers, signals, logging.
        .executableTarget(
            name: "StickerTextFastCGI",
            dependencies: [
                "StickerTextHTTP", "StickerTextJSON", "CFastCGI", "CEpoll",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Counts malloc calls so the benchmark can report allocations per render.
        .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
        .executableTarget(
            name: "StickerTextBenchmarks",
            dependencies: ["StickerText", "StickerTextJSON", "MallocCounter"],
            path: "Benchmarks/StickerTextBenchmarks"
        ),
        // The JSON API timed request by request, for the worst-case search (make bench-worst).
        .executableTarget(
            name: "WorstCaseRunner", dependencies: ["StickerText", "StickerTextJSON"],
            path: "Benchmarks/WorstCaseRunner"),
        // One test target per module, each depending on its module and those under it only.
        // What they share (the repository's files, renders and edits through the core).
        .target(name: "StickerTextTestSupport", dependencies: ["StickerText"], path: "Tests/StickerTextTestSupport"),
        .testTarget(
            name: "StickerTextTests",
            dependencies: [
                "StickerText", "StickerTextTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]  // read from the source tree by path
        ),
        .testTarget(
            name: "StickerTextJSONTests",
            dependencies: [
                "StickerText", "StickerTextJSON", "StickerTextTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "StickerTextPacksTests",
            dependencies: [
                "StickerText", "StickerTextJSON", "StickerTextPacks", "StickerTextTestSupport",
                // Archives of random entries (ArchiveSafetyTests).
                .product(name: "PropertyBased", package: "swift-property-based"),
                // To make the zip fixtures of the pack format tests.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // To read an imported poster's pixels (PictureDecodingTests).
                "CPNG",
            ],
            exclude: ["Fixtures"]  // read from the source tree by path
        ),
        // Against the live nginx + server: Tests/e2e/test_client.py runs them with STICKERTEXT_URL set.
        .testTarget(name: "StickerTextClientTests", dependencies: ["StickerTextClient"]),
        // CZlibServer to inflate what the server gzips.
        .testTarget(
            name: "StickerTextHTTPTests", dependencies: ["StickerTextHTTP", "StickerTextJSON", "CZlibServer"]),
        // The shared-memory scoreboard and how the master reads a worker's end.
        .testTarget(
            name: "StickerTextFastCGITests",
            dependencies: ["StickerTextFastCGI", "StickerTextHTTP", .product(name: "Logging", package: "swift-log")]),
    ]
)
