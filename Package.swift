// swift-tools-version:6.0
// Targets are split by what they depend on, so that the compiler keeps each layer to its own
// (docs/design.md, "Targets"):
// PeachCore (standard library only) ← PeachViews (standard library only) ← PeachWeb (Hummingbird) ← peach,
// PeachCore ← PeachStore (GRDB) ← PeachWeb. Core and Views are also built as Embedded Swift for
// WebAssembly, with the export layer in Sources/PeachWasm (scripts/build-wasm.sh), so they must not
// import Foundation.
import PackageDescription

// Every target: a member of a module is visible only in files that import that module (SE-0444),
// so each file says what it uses.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "Peach",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "peach", targets: ["peach"]),
        .library(name: "PeachCore", targets: ["PeachCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Already in the graph through Hummingbird: Peach's own channel handlers (connection
        // limits, request deadline, absolute-form targets) name NIO's HTTP part types.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // HTTPS for `peach serve --lan` (docs/cli.md, "HTTPS on the network"): NIOSSL's server handler, put in front of
        // Hummingbird's HTTP/1 channel on the connections that start a TLS handshake (one port
        // serves both, so HummingbirdTLS's all-TLS channel is not used). Already in the graph
        // through Hummingbird.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.2"),
    ],
    targets: [
        .target(name: "PeachCore", swiftSettings: swiftSettings),
        .target(name: "PeachViews", dependencies: ["PeachCore"], swiftSettings: swiftSettings),
        // The wasm export layer, built natively too so that the differential test can run the
        // same session natively; Exports.swift compiles only as Embedded Swift, and the C
        // support file is linked only into peach-core.wasm (scripts/build-wasm.sh).
        .target(
            name: "PeachWasm", dependencies: ["PeachCore", "PeachViews"], exclude: ["Support"],
            swiftSettings: swiftSettings),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // The SoundFont reader (docs/sounds.md): native only, never imported by PeachCore or
        // PeachViews (Embedded Swift); libvorbisfile decodes the Ogg Vorbis samples of SF3 files.
        .systemLibrary(
            name: "CVorbisFile", pkgConfig: "vorbisfile", providers: [.apt(["libvorbis-dev"])]),
        // libFLAC encodes each prepared zone's sound as FLAC (lossless, about half a WAV's bytes).
        .systemLibrary(name: "CFLAC", pkgConfig: "flac", providers: [.apt(["libflac-dev"])]),
        // PeachCore: a zone's pitch in MIDI cents and in hertz are converted by the core's Frequency.
        .target(
            name: "SoundFont", dependencies: ["PeachCore", "CVorbisFile", "CFLAC"], swiftSettings: swiftSettings),
        // The one sqlite3_db_config option PeachStore sets (a variadic C function, wrapped).
        .systemLibrary(name: "CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        // HTTP compression (Content-Encoding): Brotli for the browsers, which all take it, gzip for
        // any client that takes only that; the browser's files are compressed once at Brotli's best.
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "PeachStore",
            dependencies: [
                "PeachCore", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for binding a record's values without boxing them (import speed).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CSQLiteConfig",
            ],
            swiftSettings: swiftSettings
        ),
        // The browser client (Client/README.md): its modules, stylesheet, manifest, icons and
        // service worker, bundled as they are laid out, which PeachWeb serves under /assets/. Its
        // tests run under node (scripts/test.sh), and the wasm core it loads is built into
        // .build/wasm, not here (scripts/build-wasm.sh).
        .target(
            name: "PeachClient", path: "Client", exclude: ["README.md", "tests"],
            resources: [
                .copy("core"), .copy("store"), .copy("audio"), .copy("pages"), .copy("icons"), .copy("peach.css"),
                .copy("manifest.webmanifest"), .copy("service-worker.js"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "PeachWeb",
            dependencies: [
                "PeachCore", "PeachViews", "PeachStore", "PeachClient", "CQREncode", "SoundFont", "CBrotli", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "peach",
            dependencies: [
                "PeachCore", "PeachViews", "PeachStore", "PeachWeb", "SoundFont",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "PeachBenchmarks",
            // PeachFixtures: the seeded listener simulation the `measurement` suite times and reports, and
            // the seeded records and simulated training every suite's data is made of.
            dependencies: ["PeachCore", "PeachViews", "PeachStore", "PeachWeb", "PeachFixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PeachCoreTests", dependencies: ["PeachCore", "PeachFixtures"], swiftSettings: swiftSettings),
        // The pages, charts and texts tested without the server: nothing here needs Hummingbird,
        // NIO or TLS (`swift build --target PeachViewsTests` compiles them alone; `swift test`
        // links every test target into one runner). The fast tier runs them (scripts/test.sh --fast).
        .testTarget(
            name: "PeachViewsTests", dependencies: ["PeachCore", "PeachViews", "PeachFixtures"],
            // The snapshots are read from the source folder (Snapshot.swift), not bundled.
            exclude: ["Pages/__Snapshots__", "Profile/__Snapshots__"], swiftSettings: swiftSettings),
        // CFLAC: the tests decode the prepared FLAC files back with libFLAC's stream decoder.
        .testTarget(name: "SoundFontTests", dependencies: ["SoundFont", "CFLAC"], swiftSettings: swiftSettings),
        // Test support only: the profile fixtures, shared by the snapshot tests and PeachCoreCheck; the
        // listener simulation, shared by PeachCoreTests and the benchmarks; the seeded records and the
        // simulated training, shared by the core and store tests and the benchmarks.
        .target(
            name: "PeachFixtures", dependencies: ["PeachCore"], path: "Tests/PeachFixtures",
            swiftSettings: swiftSettings),
        // Test support only: the differential trace, run natively by PeachCoreCheck and in the test
        // build of the wasm core, peach-core-check.wasm (scripts/build-wasm.sh).
        .target(
            name: "PeachTrace", dependencies: ["PeachCore", "PeachWasm"], path: "Tests/PeachTrace",
            swiftSettings: swiftSettings),
        // Test support only: the native side of the wasm core's differential test and benchmark
        // (Client/tests/peach-core.test.mjs, e2e/browser/test_core.py, e2e/browser/bench_core.py).
        .executableTarget(
            name: "PeachCoreCheck",
            dependencies: ["PeachCore", "PeachViews", "PeachWasm", "PeachTrace", "PeachFixtures", "PeachStore"],
            swiftSettings: swiftSettings),
        // The crash-safety and command-line tests run the `peach` executable, which `swift test`
        // builds with every other product of the package.
        .testTarget(
            name: "PeachStoreTests", dependencies: ["PeachStore", "PeachFixtures", "SoundFont"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PeachWebTests",
            dependencies: [
                "PeachWeb", "PeachViews", "PeachClient", "PeachFixtures", "SoundFont",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
