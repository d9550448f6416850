// The reference client integration, as a newcomer writes it (see the integration guide in the README):
//   1. define your own storage types and conform them to the core protocols;
//   2. use the default configurator, or write your own where your storage needs it;
//   3. derive ids with InventoryIDGenerator so re-imports never duplicate reference data;
//   4. populate instances through the configurator;
//   5. save through a StorageProvider (here the in-memory one from InventoryKitTesting).

import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

// MARK: - 1. The client's own types ("RetroData", a retro computing collection app)

struct RetroRequirements: InventorySystemRequirements, Codable, Equatable {
    var minMemory: Int64?
    var recommendedMemory: Int64?
    var cpuFamily: String?
    var minCpuSpeedMHz: Int?
    var video: String?
    var audio: String?
    var osName: String?
    var minOsVersion: String?
    var minStorage: Int64?
    var notes: String?
}

struct RetroAddress: InventoryAddress, Codable, Equatable {
    var id: UUID
    var label: String?
    var address: String?
    var address2: String?
    var city: String?
    var region: String?
    var postalCode: String?
    var country: String?
    var notes: String?
    var imageIDs: [UUID] = []
}

struct RetroPerson: InventoryContact, Codable, Equatable {
    var id: UUID
    var name: String
    var title: String?
    var email: String?
    var phone: String?
    var notes: String?
    var socialMedia: [InventorySocialHandle] = []
}

struct RetroSource: InventorySourceCode, Codable, Equatable {
    var url: URL?
    var notes: String?
    var dateOpened: Date?
    var license: String?
}

struct RetroCompany: InventoryManufacturer, StorableRecord, Equatable {
    static let collection: RecordCollection = "retro-companies"
    var id: UUID
    var slug = ""
    var name = ""
    var aliases: [String] = []
    var summary: String?
    var metadata: [String: String] = [:]
    var addresses: [RetroAddress] = []
    var email: String?
    var website: URL?
    var associatedPeople: [RetroPerson] = []

    var recordID: RecordID { RecordID(id) }
    var indexedFields: [String: FieldValue] { ["name": .string(SemanticKey.normalize(name))] }
}

struct RetroTitle: InventoryProduct, StorableRecord, Equatable {
    static let collection: RecordCollection = "retro-titles"
    var id: UUID
    var sku: String?
    var identifiers: [ProductIdentifier] = []
    var title: String?
    var summary: String?
    var productType: String?
    var classification: String?
    var genre: String?
    var manufacturer: RetroCompany?
    var publisher: String?
    var developer: String?
    var creator: String?
    var releaseDate: Date?
    var productionDate: Date?
    var platform: String?
    var systemRequirements: RetroRequirements?
    var productVersion: String?
    var sourceCode: RetroSource?
    var relatedAssetIDs: [UUID] = []
    var references: [String: String] = [:]
    var metadata: [String: String] = [:]

    var recordID: RecordID { RecordID(id) }
    var indexedFields: [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        if let title { fields["title"] = .string(SemanticKey.normalize(title)) }
        if let platform { fields["platform"] = .string(platform) }
        if let manufacturer { fields["manufacturerID"] = .string(manufacturer.id.uuidString) }
        return fields
    }
}

// MARK: - 2. A client configurator (optional): trims the text it writes, keeps the default for everything else

struct RetroConfigurator: InventoryConfigurator {
    func configure<T: InventoryProduct>(_ instance: inout T, with patch: InventoryProductPatch<T>) {
        var trimmed = patch
        trimmed.title = patch.title?.trimmingCharacters(in: .whitespacesAndNewlines)
        trimmed.apply(to: &instance)
    }
}

// MARK: - The scenario

@Suite("Client integration scenario: RetroData adopts InventoryKit")
struct ClientIntegrationScenarioTests {
    /// 3. Deterministic ids: the same company name always gives the same id, whatever its spelling.
    func company(named name: String) -> RetroCompany {
        RetroCompany(id: InventoryIDGenerator.generate(for: .manufacturer, semanticName: name))
    }

    /// A catalogue row as it arrives from a feed.
    struct FeedRow {
        var company: String
        var title: String
        var platform: String
        var year: Int
        var memoryKB: Int64
    }

    /// 4. Populate client instances through the configurator.
    func makeTitle(from row: FeedRow, configurator: some InventoryConfigurator) throws -> RetroTitle {
        var maker = company(named: row.company)
        configurator.configure(&maker, slug: SemanticKey.normalize(row.company).replacingOccurrences(of: " ", with: "-"),
                               name: row.company.trimmingCharacters(in: .whitespaces))
        var requirements = RetroRequirements()
        configurator.configure(&requirements, minMemory: row.memoryKB * 1024, cpuFamily: "6502")
        let titleKey = "\(row.platform)/\(row.title)"
        var title = RetroTitle(id: InventoryIDGenerator.generate(for: .product, semanticName: titleKey))
        var components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"))
        components.year = row.year
        configurator.configure(
            &title, title: row.title, productType: "software", classification: "game", manufacturer: maker,
            releaseDate: components.date, platform: row.platform, systemRequirements: requirements)
        return title
    }

    let feed = [
        FeedRow(company: "Brøderbund", title: "  Lode Runner ", platform: "Apple II", year: 1983, memoryKB: 48),
        FeedRow(company: "BRØDERBUND ", title: "Choplifter", platform: "Apple II", year: 1982, memoryKB: 48),
        FeedRow(company: "Sierra On-Line", title: "King's Quest", platform: "IBM PC", year: 1984, memoryKB: 128),
    ]

    @Test("deterministic ids: one company however it is spelled, one title per platform and name")
    func deterministicIDs() throws {
        #expect(company(named: "Brøderbund").id == company(named: " brøderbund  ").id)
        #expect(company(named: "Brøderbund").id != company(named: "Broderbund").id)
        let appleComputer = InventoryIDGenerator.generate(for: .manufacturer, name: "Apple Computer")
        #expect(appleComputer.uuidString.lowercased() == "f21e6e0c-de96-52f9-86e3-7c122cff3a48")
    }

    @Test("the configurator fills client instances; the client's override trims titles")
    func configuratorFillsInstances() throws {
        let title = try makeTitle(from: feed[0], configurator: RetroConfigurator())
        #expect(title.title == "Lode Runner")
        #expect(title.manufacturer?.name == "Brøderbund")
        #expect(title.systemRequirements?.minMemory == Int64(48 * 1024))
        let untrimmed = try makeTitle(from: feed[0], configurator: .default)
        #expect(untrimmed.title == "  Lode Runner ")
        #expect(untrimmed.id == title.id)
    }

    @Test("saving through a storage provider, re-importing the feed creates nothing new, and data survives a restart")
    func saveThroughStorageProvider() async throws {
        let storage = InMemoryStorageProvider()
        let service = StorageService(storage: storage, clock: .constant(Date.fixtureEpoch))
        for _ in 0..<2 {
            for row in feed {
                let title = try makeTitle(from: row, configurator: RetroConfigurator())
                if let maker = title.manufacturer { try await service.save(maker, scope: .domain) }
                try await service.save(title, scope: .domain)
            }
        }
        let companies = try await storage.domainMetadata.all(in: RetroCompany.collection)
        let titles = try await storage.domainMetadata.all(sort: [.ascending("title")], in: RetroTitle.collection)
        #expect(companies.count == 2)
        #expect(titles.count == 3)

        let boxArt = try await service.saveAsset(
            Data("PNG".utf8), kind: .image, scope: .domain, contentType: "image/png", ownerID: titles[0].id.rawValue)
        let restarted = InMemoryStorageProvider(await storage.snapshot())
        let page = try await restarted.domainMetadata.query(
            RetroTitle.self, RecordQuery(filter: .equals("platform", .string("Apple II")), sort: [.ascending("title")]))
        #expect(page.records.compactMap(\.title) == ["Choplifter", "Lode Runner"])
        #expect(page.records.allSatisfy { $0.manufacturer?.id == company(named: "Brøderbund").id })
        let reloaded = try await StorageService(storage: restarted).loadAsset(id: boxArt.id, scope: .domain)
        #expect(reloaded?.data == Data("PNG".utf8))
    }
}
