// swift-tools-version:6.0
// Example client integrations of InventoryKit. They depend on the kit by path, so the kit's own library
// products keep zero dependencies; examples may use well-kept packages.
import PackageDescription

let package = Package(
    name: "InventoryKitExamples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "inventorykit-tour", targets: ["InventoryKitTour"])
    ],
    dependencies: [
        .package(name: "InventoryKit", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "InventoryKitTour",
            dependencies: [
                .product(name: "InventoryKit", package: "InventoryKit"),
                .product(name: "InventoryKitTesting", package: "InventoryKit"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ],
    swiftLanguageModes: [.v6]
)
