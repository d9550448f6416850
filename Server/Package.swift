// swift-tools-version:6.0
// InventoryKit sync server: an HTTP API over PostgreSQL that households' devices push changes to and pull changes from.
// Kept out of the root package so the kit's library products keep depending on nothing outside the toolchain.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "InventoryKitServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "inventorykit-server", targets: ["inventorykit-server"]),
        .executable(name: "off-mirror", targets: ["off-mirror"]),
    ],
    dependencies: [
        .package(name: "InventoryKit", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", exact: "2.4.1"),
        // Already in the graph through Hummingbird and PostgresNIO; named so files can import the modules they use.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        // server-bench's chart writer, shared with kitbench: a package of its own with no dependency but Foundation
        // (depending on ../Benchmarks instead would resolve GRDB and the Examples here).
        .package(name: "BenchCharts", path: "../Benchmarks/BenchCharts"),
    ],
    targets: [
        .target(
            name: "SyncServer",
            dependencies: [
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
                .product(name: "SyncWire", package: "InventoryKit"),
                .product(name: "InventoryViews", package: "InventoryKit"),
                .product(name: "ProductImport", package: "InventoryKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The pool's error type, to tell "no connection can be made" from other failures (DatabaseOutage).
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources/openapi.json"), .copy("Resources/grocy-openapi.json"), .copy("Resources/web")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "inventorykit-server",
            dependencies: [
                "SyncServer",
                .product(name: "SyncWire", package: "InventoryKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Recorded Open Food Facts records on loopback, with fault modes and a request log, for the lookup client's
        // tests (Examples/Tests/ProductLookupTests start it).
        .executableTarget(
            name: "off-mirror",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Tools/off-mirror",
            swiftSettings: strictSettings
        ),
        .target(
            name: "ThrowawayPostgres",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "server-bench",
            dependencies: [
                "SyncServer",
                "ThrowawayPostgres",
                .product(name: "BenchCharts", package: "BenchCharts"),
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "SyncWire", package: "InventoryKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SyncServerTests",
            dependencies: [
                "SyncServer",
                "ThrowawayPostgres",
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "ProductImport", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
                .product(name: "InventoryKitTesting", package: "InventoryKit"),
                .product(name: "InventoryModuleTesting", package: "InventoryKit"),
                .product(name: "ProductModuleTesting", package: "InventoryKit"),
                .product(name: "SyncWire", package: "InventoryKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
