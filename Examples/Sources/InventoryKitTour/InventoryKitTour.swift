// A guided tour of the InventoryKit core, run with `swift run --package-path Examples inventorykit-tour`.
// It stores everything in the in-memory provider; the JSON-file and SQLite providers come with the `pantry` demo.

import Foundation
import InventoryKit
import InventoryKitTesting

/// A client's own product type: a plain struct conforming to the core protocol.
struct Game: InventoryProduct, StorableRecord {
    static let collection: RecordCollection = "games"
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
    var indexedFields: [String: FieldValue] {
        ["title": .string(SemanticKey.normalize(title ?? "")), "platform": .string(platform ?? "")]
    }
}

@main
struct InventoryKitTour {
    static func main() async {
        do {
            try await run()
        } catch {
            print("error: \(error)")
            exit(1)
        }
    }

    static func run() async throws {
        print("1. Deterministic ids (RFC 9562 UUIDv5)")
        let raw = InventoryIDGenerator.generate(for: .manufacturer, name: "Apple Computer")
        print("   manufacturer \"Apple Computer\"          → \(raw.uuidString.lowercased())")
        for spelling in ["Apple Computer", " apple   computer ", "APPLE COMPUTER"] {
            let id = InventoryIDGenerator.generate(for: .manufacturer, semanticName: spelling)
            print("   semantic \(spelling.debugDescription.padding(toLength: 22, withPad: " ", startingAt: 0)) → \(id.uuidString.lowercased())")
        }

        print("\n2. Barcode normalization (GTIN)")
        for input in ["0 12345 67890 5", "(01)09506000134352(17)261231(10)LOT7", "96385074", "4006381333932"] {
            do {
                print("   \(input.debugDescription) → \(try GTIN.normalize(input))")
            } catch {
                print("   \(input.debugDescription) → rejected: \(error)")
            }
        }

        print("\n3. Populate client instances with the configurator, save through a StorageProvider")
        let storage = InMemoryStorageProvider()
        let configurator = DefaultInventoryConfigurator()
        let maker = StandardManufacturer(named: "Brøderbund")
        for (title, year) in [("Lode Runner", 1983), ("Choplifter", 1982), ("Karateka", 1984)] {
            var game = Game(id: InventoryIDGenerator.generate(for: .product, semanticName: "Apple II/\(title)"))
            configurator.configure(
                &game, title: title, manufacturer: maker,
                releaseDate: DateComponents(calendar: Calendar(identifier: .gregorian), year: year).date,
                platform: "Apple II", systemRequirements: StandardSystemRequirements(minMemory: 48 * 1024, cpuFamily: "6502"))
            try await storage.domainMetadata.save(game)
        }
        let page = try await storage.domainMetadata.query(
            Game.self, RecordQuery(filter: .equals("platform", .string("Apple II")), sort: [.ascending("title")], limit: 2))
        for game in page.records {
            print("   \(game.title ?? "?") by \(game.manufacturer?.name ?? "?") — id \(game.id.uuidString.lowercased())")
        }
        print("   next page cursor: \(page.nextCursor?.token.prefix(24) ?? "none")…")

        print("\n4. Bad input is a typed error, never a crash")
        for attempt: () throws -> Void in [
            { _ = try GTIN.normalize("12345") },
            { _ = try RecordID("") },
            { _ = try ProductIdentifier(.sku, "   ") },
        ] {
            do { try attempt() } catch { print("   \(error)") }
        }
    }
}
