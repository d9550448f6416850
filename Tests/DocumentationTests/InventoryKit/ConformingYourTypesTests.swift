import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

// snippet: conform-identified-parts
/// Address, contact and manufacturer ids are a settable `UUID`: the kit assigns deterministic ids to them.
struct ShopAddress: InventoryAddress, Codable {
    var id: UUID
    var label, address, address2, city, region, postalCode, country, notes: String?
    var imageIDs: [UUID] = []
}

struct ShopContact: InventoryContact, Codable {
    var id: UUID
    var name: String
    var title, email, phone, notes: String?
    var socialMedia: [InventorySocialHandle] = []
}

struct Brand: InventoryManufacturer, Codable {
    var id: UUID
    var slug = "", name = ""
    var aliases: [String] = []
    var summary: String?
    var metadata: [String: String] = [:]
    var addresses: [ShopAddress] = []   // Address and Contact are your own types
    var email: String?
    var website: URL?
    var associatedPeople: [ShopContact] = []
}
// end snippet

// snippet: conform-product-id
/// A product's `id` only has to be `Sendable` and readable: here the normalized barcode, fixed at creation.
struct GroceryItem: InventoryProduct, Codable {
    let id: String   // get-only, any Sendable type
    var sku, title, summary, productType, classification, genre, publisher, developer, creator: String?
    var identifiers: [ProductIdentifier] = []
    var manufacturer: Brand?
    var releaseDate, productionDate: Date?
    var platform, productVersion: String?
    var systemRequirements: StandardSystemRequirements?   // Standard* types for the parts you do not own
    var sourceCode: StandardSourceCode?
    var relatedAssetIDs: [UUID] = []
    var references: [String: String] = [:], metadata: [String: String] = [:]

    init(barcode: String) throws {
        id = try GTIN.normalize(barcode)
        identifiers = [try .gtin(barcode)]
    }
}
// end snippet

// snippet: conform-locked-class
/// A model object shared between tasks. One lock guards all of its state.
final class SharedGame: InventoryProduct, @unchecked Sendable {
    // @unchecked Sendable: every stored property is read and written only under `lock`.
    struct Fields {
        var sku, title, summary, productType, classification, genre, publisher, developer, creator: String?
        var identifiers: [ProductIdentifier] = []
        var manufacturer: StandardManufacturer?
        var releaseDate, productionDate: Date?
        var platform, productVersion: String?
        var systemRequirements: StandardSystemRequirements?
        var sourceCode: StandardSourceCode?
        var relatedAssetIDs: [UUID] = []
        var references: [String: String] = [:], metadata: [String: String] = [:]
    }

    let id: UUID
    private let lock = NSLock()
    private var fields = Fields()

    init(id: UUID) { self.id = id }

    /// Runs `change` on all fields under one lock: the way to read-modify-write.
    func update<Result>(_ change: (inout Fields) throws -> Result) rethrows -> Result {
        try lock.withLock { try change(&fields) }
    }

    private func get<Value>(_ field: KeyPath<Fields, Value>) -> Value { lock.withLock { fields[keyPath: field] } }
    private func set<Value>(_ field: WritableKeyPath<Fields, Value>, _ value: Value) {
        lock.withLock { fields[keyPath: field] = value }
    }

    var sku: String? { get { get(\.sku) } set { set(\.sku, newValue) } }
    var identifiers: [ProductIdentifier] { get { get(\.identifiers) } set { set(\.identifiers, newValue) } }
    var title: String? { get { get(\.title) } set { set(\.title, newValue) } }
    var summary: String? { get { get(\.summary) } set { set(\.summary, newValue) } }
    var productType: String? { get { get(\.productType) } set { set(\.productType, newValue) } }
    var classification: String? { get { get(\.classification) } set { set(\.classification, newValue) } }
    var genre: String? { get { get(\.genre) } set { set(\.genre, newValue) } }
    var manufacturer: StandardManufacturer? { get { get(\.manufacturer) } set { set(\.manufacturer, newValue) } }
    var publisher: String? { get { get(\.publisher) } set { set(\.publisher, newValue) } }
    var developer: String? { get { get(\.developer) } set { set(\.developer, newValue) } }
    var creator: String? { get { get(\.creator) } set { set(\.creator, newValue) } }
    var releaseDate: Date? { get { get(\.releaseDate) } set { set(\.releaseDate, newValue) } }
    var productionDate: Date? { get { get(\.productionDate) } set { set(\.productionDate, newValue) } }
    var platform: String? { get { get(\.platform) } set { set(\.platform, newValue) } }
    var systemRequirements: StandardSystemRequirements? {
        get { get(\.systemRequirements) } set { set(\.systemRequirements, newValue) }
    }
    var productVersion: String? { get { get(\.productVersion) } set { set(\.productVersion, newValue) } }
    var sourceCode: StandardSourceCode? { get { get(\.sourceCode) } set { set(\.sourceCode, newValue) } }
    var relatedAssetIDs: [UUID] { get { get(\.relatedAssetIDs) } set { set(\.relatedAssetIDs, newValue) } }
    var references: [String: String] { get { get(\.references) } set { set(\.references, newValue) } }
    var metadata: [String: String] { get { get(\.metadata) } set { set(\.metadata, newValue) } }
}
// end snippet

@Suite("Conforming your types (DocC: Conforming your types)")
struct ConformingYourTypesTests {
    @Test("address, contact and manufacturer take deterministic ids; a product's id is get-only")
    func identifiedParts() throws {
        var brand = Brand(id: UUID())
        brand.id = InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Acme")   // settable
        DefaultInventoryConfigurator().configure(&brand, name: "Acme")
        var item = try GroceryItem(barcode: "4006381333931")
        DefaultInventoryConfigurator().configure(&item, title: "Milk", manufacturer: brand)
        #expect(item.id == "4006381333931")
        #expect(item.manufacturer?.name == "Acme")
    }

    @Test("metadata updates through update(_:) are never lost under concurrency; each setter is locked")
    func lockedClass() async {
        let game = SharedGame(id: UUID())
        // snippet: conform-locked-class-use
        // `game.metadata[key] = value` reads the dictionary, then writes it back: two lock acquisitions, and a
        // write from another task in between is lost. Read-modify-write inside `update` instead:
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { game.update { $0.metadata["scan-\(index)"] = "seen" } }
            }
        }
        // Single assignments, and the configurator, go through the locked setters:
        var reference = game
        DefaultInventoryConfigurator().configure(&reference, title: "Zelda", platform: "NES")
        // end snippet
        #expect(game.metadata.count == 100)
        #expect(game.title == "Zelda")
    }
}
