// swift-tools-version:6.0
// kitbench: the kit's storage and id paths measured against hand-written baselines, as ratios.
// A package of its own (like Examples/), so the kit's library products keep zero dependencies.
//
//     swift run -c release --package-path Benchmarks kitbench            # the full run (about 11 min on 2 cores)
//     swift run -c release --package-path Benchmarks kitbench --quick    # CI smoke run (scaled-down data)
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "InventoryKitBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kitbench", targets: ["KitBench"]),
    ],
    dependencies: [
        .package(name: "InventoryKit", path: ".."),
        .package(name: "InventoryKitExamples", path: "../Examples"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The same GRDB as Examples/ (SQLiteStorage); its `GRDBSQLite` module is the system SQLite's C API, so the
        // raw baselines and the provider run on one and the same libsqlite3.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // The SVG chart writer `kitbench chart` and `server-bench chart` share: a package of its own (Foundation only),
        // so the Server package depends on it without building this package's dependencies.
        .package(name: "BenchCharts", path: "BenchCharts"),
    ],
    targets: [
        // The uuid5.generate baseline's one-shot SHA-1 (SHA-NI when the CPU has it): C, for the CPU's intrinsics.
        .target(name: "CSHA1"),
        // The import.off-jsonl-cores scenario confines the process to fewer cores: glibc's sched_setaffinity.
        .target(name: "CCoreLimit"),
        .executableTarget(
            name: "KitBench",
            dependencies: [
                "CCoreLimit",
                "CSHA1",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "BenchCharts", package: "BenchCharts"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventoryModule", package: "InventoryKit"),
                .product(name: "InventoryModuleTesting", package: "InventoryKit"),
                .product(name: "InventorySync", package: "InventoryKit"),
                .product(name: "ProductModule", package: "InventoryKit"),
                .product(name: "ProductModuleTesting", package: "InventoryKit"),
                .product(name: "ProductImport", package: "InventoryKit"),
                .product(name: "JSONFileStorage", package: "InventoryKitExamples"),
                .product(name: "OpenFoodFactsFeed", package: "InventoryKitExamples"),
                .product(name: "SQLiteStorage", package: "InventoryKitExamples"),
            ],
            swiftSettings: settings
        ),
    ],
    swiftLanguageModes: [.v6]
)
