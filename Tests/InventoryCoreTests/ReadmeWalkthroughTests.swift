import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

// The README shows the code between the snippet markers; DocumentationTests checks it shows it unchanged.
// snippet: readme-walkthrough
/// Your own storage type: a plain struct here; a class or a record wrapper works the same way.
struct Console: InventoryProduct, StorableRecord {
    static let collection: RecordCollection = "consoles"
    var id: UUID
    var sku, title, summary, productType, classification, genre, publisher, developer, creator: String?
    var identifiers: [ProductIdentifier] = []
    var manufacturer: StandardManufacturer?
    var releaseDate, productionDate: Date?
    var platform, productVersion: String?
    var systemRequirements: StandardSystemRequirements?
    var sourceCode: StandardSourceCode?
    var relatedAssetIDs: [UUID] = []
    var references: [String: String] = [:], metadata: [String: String] = [:]
    var recordID: RecordID { RecordID(id) }
    var indexedFields: [String: FieldValue] { ["title": .string(title ?? "")] }
}

func readmeWalkthrough(storage: some StorageProvider) async throws -> Console? {
    let configurator = DefaultInventoryConfigurator()   // or your own InventoryConfigurator
    // Deterministic ids: "Nintendo", "NINTENDO " and " nintendo" give one id on every device.
    let maker = StandardManufacturer(
        id: InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Nintendo"), name: "Nintendo")
    var console = Console(id: InventoryIDGenerator.generate(for: .product, semanticName: "Famicom"))
    configurator.configure(
        &console, identifiers: [try .gtin("4902370502886")], title: "Famicom", manufacturer: maker,
        systemRequirements: StandardSystemRequirements(minMemory: 2048, cpuFamily: "Ricoh 2A03"))
    configurator.configure(&console, title: nil, platform: "Famicom")   // nil keeps the title
    try await storage.domainMetadata.save(console)                      // any StorageProvider
    return try await storage.domainMetadata.load(Console.self, id: console.recordID)
}
// end snippet

@Suite("README walkthrough")
struct ReadmeWalkthroughTests {
    @Test("the walkthrough in the README compiles, runs and round-trips a product")
    func walkthroughRuns() async throws {
        let loaded = try #require(try await readmeWalkthrough(storage: InMemoryStorageProvider()))
        #expect(loaded.title == "Famicom")
        #expect(loaded.identifiers.first?.value == "4902370502886")
        #expect(loaded.manufacturer?.id == InventoryIDGenerator.generate(for: .manufacturer, semanticName: "NINTENDO "))
    }
}
