// swift-tools-version:6.0
// An app's manifest as the README and the InventoryKit getting-started article show it. Not built with the kit's
// tests (excluded from DocumentationTests): ReadmeTablesTests checks it names every library product of the kit.
// snippet: install-manifest
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PantryApp",
    platforms: [.macOS(.v13), .iOS(.v16)],   // the kit's minimums; also tvOS 16, watchOS 9, visionOS 1
    dependencies: [
        // A checkout next to your app (or a Git submodule):
        .package(name: "InventoryKit", path: "../InventoryKit"),
        // or from Git, by version: .package(url: "<InventoryKit repository URL>", from: "0.1.0"),
    ],
    targets: [
        .target(
            name: "PantryApp",
            dependencies: [
                .product(name: "InventoryKit", package: "InventoryKit"),     // protocols, storage port, ids
                .product(name: "InventorySync", package: "InventoryKit"),    // offline-first engine, named entities
                .product(name: "ProductModule", package: "InventoryKit"),    // the product catalog
                .product(name: "ProductImport", package: "InventoryKit"),    // Open Food Facts, CSV, collectibles
                .product(name: "InventoryModule", package: "InventoryKit"),  // household stock
                .product(name: "SyncWire", package: "InventoryKit"),         // the sync server's wire contract
                .product(name: "InventoryViews", package: "InventoryKit"),   // household views in the wire vocabulary
            ]
        ),
        .testTarget(
            name: "PantryAppTests",
            dependencies: [
                "PantryApp",
                .product(name: "InventoryKitTesting", package: "InventoryKit"),     // in-memory provider, fakes
                .product(name: "ProductModuleTesting", package: "InventoryKit"),    // in-memory product remote
                .product(name: "InventoryModuleTesting", package: "InventoryKit"),  // in-memory journal remote
            ]
        ),
    ]
)
// end snippet
