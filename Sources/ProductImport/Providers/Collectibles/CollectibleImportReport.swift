import InventoryKit

/// What ``CollectibleImporter`` did: the products (under the client's record ids) and the manufacturers.
public struct CollectibleImportReport: Hashable, Sendable, CustomStringConvertible {
    /// The products' outcomes, one per record.
    public var products: ImportReport<RecordID>
    /// Manufacturers stored for the first time (only for manufacturer types that are `StorableRecord`s).
    public var manufacturersCreated: [RecordID]
    /// Manufacturers changed.
    public var manufacturersUpdated: [RecordID]
    /// Manufacturers already up to date.
    public var manufacturersUnchanged: [RecordID]

    /// Creates an empty report.
    public init(products: ImportReport<RecordID>) {
        self.products = products
        manufacturersCreated = []
        manufacturersUpdated = []
        manufacturersUnchanged = []
    }

    /// The products' summary and the manufacturers' counts.
    public var description: String {
        "\(products); manufacturers: \(manufacturersCreated.count) created, \(manufacturersUpdated.count) updated, \(manufacturersUnchanged.count) unchanged"
    }
}
