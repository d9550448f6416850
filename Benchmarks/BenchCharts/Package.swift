// swift-tools-version:6.0
// BenchCharts: the SVG line chart `kitbench` and `server-bench` draw from their JSON output.
// A package of its own with no dependency but Foundation: the Benchmarks and Server packages both depend on it by
// path, and neither builds the other's dependencies (GRDB and the Examples, or Hummingbird and PostgresNIO) for it.
//
//     swift test --package-path Benchmarks/BenchCharts     # its tests, in seconds
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "BenchCharts",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "BenchCharts", targets: ["BenchCharts"]),
    ],
    targets: [
        .target(name: "BenchCharts", swiftSettings: settings),
        .testTarget(name: "BenchChartsTests", dependencies: ["BenchCharts"], swiftSettings: settings),
    ],
    swiftLanguageModes: [.v6]
)
