import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

/// The forager seed's multi-device scenarios: semantic duplicates created offline on several devices end as one
/// record everywhere, and every reference points at it.
struct ForagerSyncScenarioTests {
    private func expectOneProduceCategoryEverywhere(
        _ devices: [ForagerDevice], id expectedID: UUID, productCount: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for device in devices {
            let live = try await device.liveCategories()
            #expect(live.count == 1, "\(device.name)", sourceLocation: sourceLocation)
            #expect(live.first?.id == expectedID, "\(device.name)", sourceLocation: sourceLocation)
            let products = try await device.products()
            #expect(products.count == productCount, "\(device.name)", sourceLocation: sourceLocation)
            #expect(products.allSatisfy { $0.categoryID == expectedID }, "\(device.name)", sourceLocation: sourceLocation)
        }
        let first = try await devices[0].syncedPayloads()
        for device in devices.dropFirst() {
            #expect(try await device.syncedPayloads() == first, "\(device.name) differs", sourceLocation: sourceLocation)
        }
    }

    @Test
    func twoDevicesCreatingProduceOfflineEndWithOneCategory() async throws {
        let phone = ForagerDevice("phone", startingAt: 1_000)
        let tablet = ForagerDevice("tablet", startingAt: 1_003)
        let onPhone = try await phone.createCategory("Produce")
        let onTablet = try await tablet.createCategory("produce ")
        try await phone.addProduct("Apples", category: onPhone.id)
        try await tablet.addProduct("Kale", category: onTablet.id)
        #expect(onPhone.id == onTablet.id)   // deterministic ids: the devices agree without talking

        try await ForagerSync.settle([phone, tablet])

        let produce = NamedEntityKind.category.id(for: "produce")
        try await expectOneProduceCategoryEverywhere([phone, tablet], id: produce, productCount: 2)
        let category = try #require(try await phone.repository().entity(id: produce))
        #expect(category.displayName == "Produce")   // the first spelling seen
        #expect(category.aliases == ["produce"])
        #expect(try await tablet.repository().getOrCreate("PRODUCE").wasCreated == false)
    }

    @Test
    func threeDevicesCreatingProduceProduceAndPRODUCEOfflineEndWithOneCategory() async throws {
        let devices = [
            ForagerDevice("a", startingAt: 2_000), ForagerDevice("b", startingAt: 1_000),
            ForagerDevice("c", startingAt: 3_000),
        ]
        for (device, spelling) in zip(devices, ["Produce", "produce ", "PRODUCE"]) {
            let category = try await device.createCategory(spelling)
            try await device.addProduct("from \(device.name)", category: category.id)
        }

        try await ForagerSync.settle(devices)

        let produce = NamedEntityKind.category.id(for: "produce")
        try await expectOneProduceCategoryEverywhere(devices, id: produce, productCount: 3)
        let category = try #require(try await devices[2].repository().entity(id: produce))
        #expect(category.displayName == "produce")   // device b created it first (trimmed spelling)
        #expect(category.aliases == ["PRODUCE", "Produce"])
        #expect(category.createdAt == UniquenessFixture.date(1_000))
    }

    @Test
    func aRandomIdCategoryFromBeforeKeysIsMergedIntoTheDeterministicOneOnEveryDevice() async throws {
        let a = ForagerDevice("a", startingAt: 2_000)
        let b = ForagerDevice("b", startingAt: 2_100)
        let c = ForagerDevice("c", startingAt: 500)
        // Device c created "Produce" long ago, under a random id and without a key, then upgraded (its keys populated).
        let legacy = try await c.createLegacyCategory("Produce", id: UniquenessFixture.uuid(7))
        try await c.addProduct("Carrots", category: legacy.id)
        _ = try await SemanticKeyMigration(repository: c.repository()).populateKeys()
        let onA = try await a.createCategory("produce ")
        let onB = try await b.createCategory("PRODUCE")
        try await a.addProduct("Apples", category: onA.id)
        try await b.addProduct("Kale", category: onB.id)

        let reports = try await ForagerSync.run([a, b, c])
        try await ForagerSync.settle([a, b, c])

        let produce = NamedEntityKind.category.id(for: "produce")
        #expect(reports.allSatisfy { $0.merges == [.init(key: "produce", winner: produce, retired: [legacy.id])] })
        try await expectOneProduceCategoryEverywhere([a, b, c], id: produce, productCount: 3)
        for device in [a, b, c] {
            let repository = device.repository()
            #expect(try await repository.entity(id: legacy.id)?.mergedInto == produce)
            #expect(try await repository.resolve(legacy.id)?.id == produce)
            #expect(try await repository.getOrCreate("Produce").entity?.id == produce)
        }
        let category = try #require(try await c.repository().entity(id: produce))
        #expect(category.displayName == "produce")   // the winner keeps its own first spelling
        #expect(Set(category.aliases) == ["PRODUCE", "Produce"])
    }

    @Test
    func legacyCategoriesOnTwoDevicesConvergeOnTheEarliestCreated() async throws {
        let a = ForagerDevice("a", startingAt: 900)
        let b = ForagerDevice("b", startingAt: 100)
        let onA = try await a.createLegacyCategory("Produce", id: UniquenessFixture.uuid(1))
        let onB = try await b.createLegacyCategory("produce", id: UniquenessFixture.uuid(2))
        try await a.addProduct("Apples", category: onA.id)
        try await b.addProduct("Kale", category: onB.id)
        for device in [a, b] { _ = try await SemanticKeyMigration(repository: device.repository()).populateKeys() }

        try await ForagerSync.settle([a, b])

        try await expectOneProduceCategoryEverywhere([a, b], id: onB.id, productCount: 2)
        #expect(try await a.repository().entity(id: onA.id)?.mergedInto == onB.id)
    }

    @Test
    func aReferenceThatArrivesAfterTheMergeIsMovedByTheNextSync() async throws {
        let a = ForagerDevice("a", startingAt: 2_000)
        let c = ForagerDevice("c", startingAt: 500)
        let legacy = try await c.createLegacyCategory("Produce", id: UniquenessFixture.uuid(7))
        _ = try await SemanticKeyMigration(repository: c.repository()).populateKeys()
        try await a.createCategory("Produce")
        try await ForagerSync.settle([a, c])

        // Device c was offline with an old screen open and files a product under the retired id.
        try await c.addProduct("Leeks", category: legacy.id)
        try await ForagerSync.settle([a, c])

        try await expectOneProduceCategoryEverywhere([a, c], id: NamedEntityKind.category.id(for: "produce"), productCount: 1)
    }
}
