// swift-tools-version:6.0
// InventoryKit: model, store and sync products and household inventory.
// The library products depend on nothing outside the Swift toolchain.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "InventoryKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "InventoryKit", targets: ["InventoryKit"]),
        .library(name: "InventoryKitTesting", targets: ["InventoryKitTesting"]),
        .library(name: "InventorySync", targets: ["InventorySync"]),
        .library(name: "ProductModule", targets: ["ProductModule"]),
        .library(name: "ProductModuleTesting", targets: ["ProductModuleTesting"]),
        .library(name: "ProductImport", targets: ["ProductImport"]),
        .library(name: "InventoryModule", targets: ["InventoryModule"]),
        .library(name: "InventoryModuleTesting", targets: ["InventoryModuleTesting"]),
        .library(name: "SyncWire", targets: ["SyncWire"]),
        .library(name: "InventoryViews", targets: ["InventoryViews"]),
    ],
    targets: [
        .target(name: "InventoryKit", swiftSettings: strictSettings),
        // The sync server's `/v1` wire contract: its request and response types, read and written by the server and
        // by client gateways alike. Foundation only, so any client can adopt it without the kit.
        .target(name: "SyncWire", swiftSettings: strictSettings),
        .target(
            name: "InventoryViews", dependencies: ["InventoryKit", "InventoryModule", "SyncWire"],
            swiftSettings: strictSettings
        ),
        .target(name: "InventorySync", dependencies: ["InventoryKit"], swiftSettings: strictSettings),
        .target(name: "ProductModule", dependencies: ["InventoryKit", "InventorySync"], swiftSettings: strictSettings),
        .target(
            name: "ProductModuleTesting",
            dependencies: ["InventoryKit", "InventorySync", "ProductModule", "InventoryKitTesting"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ProductImport",
            dependencies: ["InventoryKit", "InventorySync", "ProductModule"],
            swiftSettings: strictSettings
        ),
        // InventoryModule must never depend on ProductModule: an inventory lot refers to a product by its id only.
        .target(name: "InventoryModule", dependencies: ["InventoryKit", "InventorySync"], swiftSettings: strictSettings),
        .target(
            name: "InventoryModuleTesting",
            dependencies: ["InventoryKit", "InventorySync", "InventoryModule", "InventoryKitTesting"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "InventoryKitTesting",
            dependencies: ["InventoryKit", "InventorySync"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InventoryCoreTests",
            dependencies: ["InventoryKit", "InventoryKitTesting"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InventorySyncTests",
            dependencies: ["InventoryKit", "InventorySync", "InventoryKitTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ProductModuleTests",
            dependencies: ["InventoryKit", "InventorySync", "ProductModule", "InventoryKitTesting", "ProductModuleTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ProductImportTests",
            dependencies: [
                "ProductImport", "InventoryKit", "InventorySync", "ProductModule", "InventoryKitTesting",
                "ProductModuleTesting",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        // Deliberately without ProductModule: proves the inventory module builds and runs without it.
        .testTarget(
            name: "InventoryModuleTests",
            dependencies: ["InventoryKit", "InventorySync", "InventoryModule", "InventoryKitTesting", "InventoryModuleTesting"],
            swiftSettings: strictSettings
        ),
        // Every Swift snippet of the README and the DocC catalogs, compiled and run, and the check that the
        // documents show each one unchanged (Snippets/SnippetCatalog.swift).
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "InventoryKit", "InventoryKitTesting", "InventorySync", "ProductModule", "ProductModuleTesting",
                "ProductImport", "InventoryModule", "InventoryModuleTesting", "SyncWire", "InventoryViews",
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InventoryViewsTests",
            dependencies: [
                "InventoryKit", "InventoryKitTesting", "InventorySync", "InventoryModule", "InventoryViews", "SyncWire",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InventoryKitTestingTests",
            dependencies: ["InventoryKit", "InventoryKitTesting"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
