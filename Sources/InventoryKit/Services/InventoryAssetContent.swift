import Foundation

/// An asset's metadata together with its verified bytes.
public struct InventoryAssetContent: Hashable, Sendable {
    /// The asset's metadata record.
    public var asset: InventoryAsset
    /// The asset's bytes, checked against the recorded size and SHA-1.
    public var data: Data

    /// Creates asset content.
    public init(asset: InventoryAsset, data: Data) {
        self.asset = asset
        self.data = data
    }
}
