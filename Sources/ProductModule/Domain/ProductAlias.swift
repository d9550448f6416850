import Foundation

/// A record that a product id now lives on under another id, kept while references migrate.
///
/// Made by ``Product/withBarcodeMigration(_:now:)`` when a barcode-less product gains a barcode: `from` is the
/// generated id, `to` the normalized barcode.
public struct ProductAlias: Hashable, Sendable, Codable {
    /// The previous id.
    public var from: ProductID
    /// The canonical id.
    public var to: ProductID
    /// When the alias was made.
    public var createdAt: Date

    /// Creates an alias.
    public init(from: ProductID, to: ProductID, createdAt: Date) {
        self.from = from
        self.to = to
        self.createdAt = createdAt
    }
}
