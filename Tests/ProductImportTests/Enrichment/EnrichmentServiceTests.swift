import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// Enrichment fills missing fields from strategies and never overwrites what is there.
@Suite("Enrichment service")
struct EnrichmentServiceTests {
    let service = EnrichmentService(clock: .constant(ImportFixtures.now))

    func collectible(_ record: CollectibleRecord) throws -> Product {
        try CollectibleNormalizer().normalize(record, context: ImportFixtures.context()).get().product
    }

    struct AliasCase: Sendable, CustomTestStringConvertible {
        var name: String
        var manufacturer: String
        var confidence: Double
        var testDescription: String { name }
    }

    static let aliasCases: [AliasCase] = [
        AliasCase(name: "Nintendo", manufacturer: "Nintendo", confidence: 1),
        AliasCase(name: "Nintendo Co., Ltd.", manufacturer: "Nintendo", confidence: 0.95),
        AliasCase(name: "NINTENDO CO LTD", manufacturer: "Nintendo", confidence: 0.95),
        AliasCase(name: "Nintendo Corporation", manufacturer: "Nintendo", confidence: 0.85),
        AliasCase(name: "Broderbund Software Inc.", manufacturer: "Brøderbund", confidence: 0.85),
        AliasCase(name: "brøderbund", manufacturer: "Brøderbund", confidence: 1),
        AliasCase(name: "Fanta", manufacturer: "The Coca-Cola Company", confidence: 0.7),
        AliasCase(name: "Coca-Cola", manufacturer: "The Coca-Cola Company", confidence: 0.95),
        AliasCase(name: "Sierra On-Line Europe", manufacturer: "Sierra On-Line", confidence: 0.6),
    ]

    @Test("manufacturer names match known aliases with a confidence", arguments: aliasCases)
    func aliasSuggestions(_ example: AliasCase) throws {
        let best = try #require(ManufacturerAliasTable.standard.suggestions(for: example.name).first)
        #expect(best.manufacturer.name == example.manufacturer)
        #expect(best.confidence == example.confidence)
        #expect(best.manufacturer.id == NamedEntityKind.manufacturer.id(for: NamedEntityKind.manufacturer.key(for: example.manufacturer)))
    }

    @Test("an unknown name has no suggestion")
    func unknownName() {
        #expect(ManufacturerAliasTable.standard.suggestions(for: "Zzyzx Games").isEmpty)
        #expect(ManufacturerAliasTable.standard.suggestions(for: "").isEmpty)
    }

    @Test("a missing manufacturer is filled from the publisher, with provenance and confidence")
    func fillsManufacturer() async throws {
        let game = try collectible(CollectibleRecord(title: "Super Mario Bros.", platform: "NES", releaseDate: "1985", publisher: "Nintendo Co., Ltd."))
        #expect(game.manufacturer == nil)
        let result = await service.enrich(game)
        #expect(result.product.manufacturer?.name == "Nintendo")
        let decision = try #require(result.applied.first { $0.field == .manufacturer })
        #expect(decision.confidence == 0.95)
        let provenance = try #require(result.product.provenance)
        #expect(provenance.fields[.manufacturer]?.provider == "inferred.manufacturer-aliases")
        #expect(provenance.fields[.manufacturer]?.confidence == 0.95)
        #expect(provenance.contributors.contains("inferred.manufacturer-aliases"))
        #expect(provenance.primaryProvider == .collectibles)
    }

    @Test("system requirements are inferred from the platform and the release year", arguments: [
        ("Apple II", "1983", Int64(49_152), "6502", "3.3"),
        ("Apple II", "1987", Int64(131_072), "6502", "3.3"),
        ("IBM PC", "1990", Int64(655_360), "80286", "3.3"),
        ("Commodore 64", "1984", Int64(65_536), "6510", nil),
    ] as [(String, String, Int64, String, String?)])
    func infersRequirements(_ platform: String, _ year: String, _ memory: Int64, _ cpu: String, _ osVersion: String?) async throws {
        let game = try collectible(CollectibleRecord(title: "Game", platform: platform, releaseDate: year))
        let result = await service.enrich(game)
        let requirements = try #require(result.product.systemRequirements)
        #expect(requirements.minMemory == memory)
        #expect(requirements.cpuFamily == cpu)
        #expect(requirements.minOsVersion == osVersion)
        #expect(result.product.provenance?.fields[.systemRequirements]?.confidence == 0.7)
    }

    @Test("requirements already set are never replaced, not even by a more confident strategy")
    func neverOverwrites() async throws {
        let game = try collectible(CollectibleRecord(
            manufacturer: "Brøderbund", title: "Lode Runner", platform: "Apple II", releaseDate: "1983",
            systemRequirements: CollectibleRequirements(memory: "64K")))
        let result = await service.enrich(game)
        #expect(result.product.systemRequirements?.minMemory == 65_536)
        #expect(result.product.manufacturer?.name == "Brøderbund")
        #expect(result.decisions.contains { $0.field == .systemRequirements && $0.outcome == .fieldAlreadySet })
        #expect(!result.changed)
        #expect(result.product == game)
    }

    @Test("a field a person cleared stays empty")
    func userClearedFieldStaysEmpty() async throws {
        var game = try collectible(CollectibleRecord(title: "Lode Runner", platform: "Apple II", releaseDate: "1983", publisher: "Brøderbund"))
        var provenance = try #require(game.provenance)
        provenance.fields[.manufacturer] = FieldProvenance(provider: .user, recordedAt: ImportFixtures.now)
        game.provenance = provenance
        let result = await service.enrich(game)
        #expect(result.product.manufacturer == nil)
        #expect(result.decisions.contains { $0.field == .manufacturer && $0.outcome == .userOwned })
        #expect(result.product.systemRequirements != nil)
    }

    @Test("suggestions below the minimum confidence are declined")
    func minimumConfidence() async throws {
        let game = try collectible(CollectibleRecord(title: "Game", platform: "Apple II"))
        let strict = EnrichmentService(minimumConfidence: 0.6, clock: .constant(ImportFixtures.now))
        let result = await strict.enrich(game)
        #expect(result.product.systemRequirements == nil)
        #expect(result.decisions.map(\.outcome) == [.belowMinimumConfidence])
    }

    @Test("a provider lookup fills the missing label facts of a feed product")
    func providerLookupFillsMissingFields() async throws {
        let document = CSVDocument(parsing: "barcode,title,sku\n3029330003533,Bread,JAC-730\n")
        let feedProduct = try CSVProductNormalizer().normalize(try #require(document.records.first), context: ImportFixtures.context()).get().product
        let off = try ImportFixtures.normalizedOpenFoodFacts("3029330003533")
        let lookup = ProviderLookupStrategy(providerID: .openFoodFacts) { _ in off }
        let result = await EnrichmentService(strategies: [lookup], clock: .constant(ImportFixtures.now)).enrich(feedProduct)
        let product = result.product
        #expect(product.title == "Bread")
        #expect(product.sku == "JAC-730")
        #expect(product.brand == "Jacquet")
        #expect(product.productDetails?.foodDetails?.nutritionPer100gOrMl?.energyKcal == 246)
        #expect(product.provenance?.fields[.nutrition]?.provider == .openFoodFacts)
        #expect(product.provenance?.contributors == [.csvFeed, .openFoodFacts])
        #expect(!result.decisions.contains { $0.field == .title })
    }

    @Test("a strategy that writes other fields than it claims is refused")
    func misbehavingStrategyIsRefused() async throws {
        struct Sneaky: EnrichmentStrategy {
            var providerID: ProviderID { "sneaky" }
            func suggestions(for product: Product) async -> [EnrichmentSuggestion] {
                [EnrichmentSuggestion(field: .sku, confidence: 1, reason: "", valueDescription: "X") {
                    $0.sku = "X"
                    $0.title = "Hijacked"
                }]
            }
        }
        let product = try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: ImportFixtures.now)
        let result = await EnrichmentService(strategies: [Sneaky()], clock: .constant(ImportFixtures.now)).enrich(product)
        #expect(result.product == product)
        #expect(result.decisions.map(\.outcome) == [.rejected])
    }

    @Test("enriching a stored product writes it back with its provenance")
    func enrichesStoredProduct() async throws {
        let catalog = ImportFixtures.catalog()
        let game = try collectible(CollectibleRecord(title: "Zork I", platform: "IBM PC", releaseDate: "1981", publisher: "Infocom, Inc."))
        try await catalog.addProducts([game])
        let result = try #require(try await service.enrich(game.productID, in: catalog))
        #expect(result.applied.map(\.field).sorted() == [.manufacturer, .systemRequirements])
        let stored = try #require(try await catalog.retrieveProduct(by: .productID(game.productID)))
        #expect(stored.version == 2)
        #expect(stored.manufacturer?.name == "Infocom")
        #expect(stored.systemRequirements?.minMemory == 65_536)
        #expect(stored.provenance?.fields[.systemRequirements]?.provider == "inferred.system-requirements")
        let again = try #require(try await service.enrich(game.productID, in: catalog))
        #expect(!again.changed)
        #expect(try await service.enrich(.generated(UUID()), in: catalog) == nil)
    }
}
