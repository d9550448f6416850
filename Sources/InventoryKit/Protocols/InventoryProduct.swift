import Foundation

/// A product — a grocery item, a game, a computer, a book — stored in a client-owned type.
///
/// A product is an entity (refines `Identifiable`). Its identifier type is the client's choice: a `UUID` made
/// with ``InventoryIDGenerator`` for reference data, or a `String` such as a normalized GTIN. The protocol does
/// not refine `Codable`, because model objects of persistence frameworks often cannot be; plain structs can
/// add it for free.
///
/// The manufacturer, system requirements and source code are stored as the client's own types, named by the
/// associated types ``Manufacturer``, ``SystemRequirements`` and ``SourceCode``.
///
/// Every requirement except `id` is a mutable property so ``InventoryConfigurator`` can populate it; an
/// implementer stores each value and returns exactly what was last set. The identity is set when the client
/// creates the instance and never changed by the kit.
public protocol InventoryProduct: Identifiable, Sendable where ID: Sendable {
    /// The client's manufacturer type.
    associatedtype Manufacturer: InventoryManufacturer
    /// The client's system requirements type.
    associatedtype SystemRequirements: InventorySystemRequirements
    /// The client's source code type.
    associatedtype SourceCode: InventorySourceCode

    /// The stock keeping unit assigned by the seller.
    var sku: String? { get set }
    /// Typed identifiers: barcodes, serial numbers, QR and NFC payloads, library references.
    var identifiers: [ProductIdentifier] { get set }
    /// The display title.
    var title: String? { get set }
    /// A description of the product.
    ///
    /// Named `summary` rather than `description` so that conforming types do not collide with
    /// `CustomStringConvertible.description`.
    var summary: String? { get set }
    /// The kind of product, such as `"software"`, `"hardware"` or `"food"`.
    var productType: String? { get set }
    /// A classification within the kind, such as `"game"` or `"dairy"`.
    var classification: String? { get set }
    /// A genre, such as `"adventure"`.
    var genre: String? { get set }
    /// The manufacturer.
    var manufacturer: Manufacturer? { get set }
    /// The publisher's name.
    var publisher: String? { get set }
    /// The developer's name.
    var developer: String? { get set }
    /// The creator's or author's name.
    var creator: String? { get set }
    /// The date of first release.
    var releaseDate: Date? { get set }
    /// The date this item was produced or manufactured.
    var productionDate: Date? { get set }
    /// The platform the product runs on, such as `"Apple II"`.
    var platform: String? { get set }
    /// The system requirements.
    var systemRequirements: SystemRequirements? { get set }
    /// The product's own version or edition label, such as `"1.1"` or `"2nd edition"`.
    ///
    /// Named `productVersion` rather than `version` so that storage types can keep a numeric record version.
    var productVersion: String? { get set }
    /// Where the source code lives, for software.
    var sourceCode: SourceCode? { get set }
    /// Identifiers of related assets (images, manuals, disk images) kept in a data store.
    var relatedAssetIDs: [UUID] { get set }
    /// References to external catalogues, keyed by catalogue name (for example `"mobygames": "1234"`).
    var references: [String: String] { get set }
    /// Extra key–value metadata that has no dedicated field.
    var metadata: [String: String] { get set }
}
