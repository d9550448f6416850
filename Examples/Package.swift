// swift-tools-version:6.0
// Example client integrations of InventoryKit. They depend on the kit by path, so the kit's own library
// products keep zero dependencies; examples may use well-kept packages.
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "InventoryKitExamples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "JSONFileStorage", targets: ["JSONFileStorage"]),
        .library(name: "SQLiteStorage", targets: ["SQLiteStorage"]),
        .library(name: "HTTPSync", targets: ["HTTPSync"]),
        .library(name: "OpenFoodFactsFeed", targets: ["OpenFoodFactsFeed"]),
        .executable(name: "inventorykit-tour", targets: ["InventoryKitTour"]),
        .executable(name: "pantry", targets: ["Pantry"]),
    ],
    dependencies: [
        .package(name: "InventoryKit", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .target(
            name: "JSONFileStorage",
            dependencies: [.product(name: "InventoryKit", package: "InventoryKit")],
            swiftSettings: settings
        ),
        // A StorageProvider and native product/inventory stores on SQLite, through GRDB.
        .target(
            name: "SQLiteStorage",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the write-ahead log's hook (WALCheckpoints).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "ProductImport", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        // Open Food Facts-shaped JSONL records made from the repository's real fixtures, for kitbench and the
        // import scale test.
        .target(
            name: "OpenFoodFactsFeed",
            dependencies: [.product(name: "InventoryKit", package: "InventoryKit")],
            path: "Tools/OpenFoodFactsFeed",
            swiftSettings: settings
        ),
        // Imports a streamed Open Food Facts-shaped feed into SQLite and prints its peak memory (for ImportScaleTests).
        .executableTarget(
            name: "ImportScaleProbe",
            dependencies: [
                "OpenFoodFactsFeed", "SQLiteStorage",
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductImport", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
            ],
            path: "Tools/ImportScaleProbe",
            swiftSettings: settings
        ),
        // Imports at catalog scale into SQLite: peak memory of a streamed feed (in a process of its own) and re-imports
        // that skip unchanged records by their source fingerprint.
        .testTarget(
            name: "ImportScaleTests",
            dependencies: [
                "ExamplesTestSupport", "ImportScaleProbe", "OpenFoodFactsFeed", "SQLiteStorage",
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductImport", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        // Temporary folders every test target shares, removed when the test process exits.
        .target(name: "ExamplesTestSupport", path: "Tests/ExamplesTestSupport", swiftSettings: settings),
        .testTarget(
            name: "SQLiteStorageTests",
            dependencies: [
                "ExamplesTestSupport",
                "SQLiteStorage",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventoryKitTesting", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "ProductModuleTesting", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
                .product(name: "InventoryModuleTesting", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        // The product and inventory remote gateways on the InventoryKit sync server, over URLSession
        // (FoundationNetworking on Linux): Foundation and the kit only, so an app can copy it as it is. The bodies are
        // the wire contract's types (SyncWire), the ones the server reads and writes.
        .target(
            name: "HTTPSync",
            dependencies: [
                .product(name: "SyncWire", package: "InventoryKit"),
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        // Gateway round trips, failure classification and pantry devices against a real server on a throwaway
        // PostgreSQL cluster (scripts/test-sync-server); skipped only when PostgreSQL is not installed.
        .testTarget(
            name: "HTTPSyncTests",
            dependencies: [
                "ExamplesTestSupport",
                "HTTPSync", "Pantry", "SQLiteStorage", "JSONFileStorage",
                .product(name: "SyncWire", package: "InventoryKit"),
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventoryKitTesting", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "ProductModuleTesting", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
                .product(name: "InventoryModuleTesting", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "InventoryKitTour",
            dependencies: [
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventoryKitTesting", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "Pantry",
            dependencies: [
                "JSONFileStorage", "SQLiteStorage", "HTTPSync",
                .product(name: "InventoryViews", package: "InventoryKit"),
                .product(name: "SyncWire", package: "InventoryKit"),
                .product(name: "ProductImport", package: "InventoryKit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        // A helper process for the crash-safety test: writes product batches through the JSON-file store until killed.
        .executableTarget(
            name: "JSONStoreCrashWriter",
            dependencies: [
                "JSONFileStorage",
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
            ],
            path: "Tools/JSONStoreCrashWriter",
            swiftSettings: settings
        ),
        .testTarget(
            name: "JSONFileStorageTests",
            dependencies: [
                "ExamplesTestSupport",
                "JSONFileStorage", "JSONStoreCrashWriter",
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventoryKitTesting", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "ProductModuleTesting", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
                .product(name: "InventoryModuleTesting", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        // The Open Food Facts client and `pantry scan` against the Server package's off-mirror on loopback
        // (scripts/test builds it before these tests).
        .testTarget(
            name: "ProductLookupTests",
            dependencies: [
                "ExamplesTestSupport",
                "Pantry",
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "ProductImport", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "PantryTests",
            // GRDB damages a SQLite store's row the way a failing disk would, for the damage tests.
            dependencies: [
                "Pantry", "ExamplesTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SyncWire", package: "InventoryKit"),
            ],
            swiftSettings: settings
        ),
    ],
    swiftLanguageModes: [.v6]
)
