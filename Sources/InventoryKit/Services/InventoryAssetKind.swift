import Foundation

/// What an asset is: an image, a manual, a disk image… Extensible: `InventoryAssetKind("box-scan")`.
public struct InventoryAssetKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The kind's name.
    public let rawValue: String

    /// Creates a kind from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a kind from its name.
    public init(_ name: String) { rawValue = name }

    /// A photo or scan.
    public static let image = InventoryAssetKind("image")
    /// A manual or instruction leaflet.
    public static let manual = InventoryAssetKind("manual")
    /// A disk or cartridge image.
    public static let diskImage = InventoryAssetKind("diskImage")
    /// Any other document (receipt, warranty, certificate).
    public static let document = InventoryAssetKind("document")

    /// The kind's name.
    public var description: String { rawValue }
}
