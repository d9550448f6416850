import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

struct SemanticKeyMigrationTests {
    /// A device with three "Produce" categories and one "Dairy" created before keys existed, and a product on each.
    private func makeLegacyDevice() async throws -> ForagerDevice {
        let device = ForagerDevice("legacy", startingAt: 1_000)
        for (index, name) in ["Produce", "produce", "Dairy", "PRODUCE "].enumerated() {
            let category = try await device.createLegacyCategory(name, id: UniquenessFixture.uuid(UInt8(10 - index)))
            try await device.addProduct("item \(index)", category: category.id)
        }
        return device
    }

    @Test
    func populatingKeysFillsThemAndReportsConflictsWithoutResolvingThem() async throws {
        let device = try await makeLegacyDevice()
        let before = try await device.repository().allEntities()
        let productsBefore = try await device.products()

        let report = try await SemanticKeyMigration(repository: device.repository()).populateKeys()

        #expect(report.populated == (7...10).map { UniquenessFixture.uuid(UInt8($0)) })
        #expect(report.unkeyable.isEmpty)
        #expect(report.conflicts.map(\.key) == ["produce"])
        #expect(report.conflicts.first?.entities.map(\.id) == [UniquenessFixture.uuid(10), UniquenessFixture.uuid(9), UniquenessFixture.uuid(7)])
        #expect(report.conflicts.first?.winner?.displayName == "Produce")

        // Nothing but the keys changed: no merge, no tombstone, no moved reference.
        let after = try await device.repository().allEntities()
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map(\.displayName) == before.map(\.displayName))
        #expect(after.allSatisfy { $0.isLive && $0.semanticKey != nil && $0.aliases.isEmpty })
        #expect(try await device.products() == productsBefore)
    }

    @Test
    func populatingKeysIsIdempotentAndReportsNamesThatCannotHaveAKey() async throws {
        let device = try await makeLegacyDevice()
        try await device.createLegacyCategory("   ", id: UniquenessFixture.uuid(1))
        let migration = SemanticKeyMigration(repository: device.repository())
        let first = try await migration.populateKeys()
        let second = try await migration.populateKeys()
        #expect(first.unkeyable == [UniquenessFixture.uuid(1)])
        #expect(second.populated.isEmpty)
        #expect(second.conflicts == first.conflicts)
    }

    @Test
    func mergingBeforeKeysArePopulatedRefusesAndChangesNothing() async throws {
        let device = try await makeLegacyDevice()
        let before = try await device.syncedPayloads()
        await #expect(throws: SemanticUniquenessError.keysMissing(kind: .category, ids: (7...10).map { UniquenessFixture.uuid(UInt8($0)) })) {
            try await SemanticKeyMigration(repository: device.repository()).mergeDuplicates(rewriter: device.rewriter)
        }
        #expect(try await device.syncedPayloads() == before)
    }

    @Test
    func mergingDuplicatesMergesEachConflictMovesReferencesAndThenEnforcesOneRecordPerKey() async throws {
        let device = try await makeLegacyDevice()
        let migration = SemanticKeyMigration(repository: device.repository())
        _ = try await migration.populateKeys()

        let report = try await migration.mergeDuplicates(rewriter: device.rewriter)

        // The earliest-created "Produce" wins (no record has the deterministic id).
        let winner = UniquenessFixture.uuid(10)
        #expect(report.merges == [.init(key: "produce", winner: winner, retired: [UniquenessFixture.uuid(9), UniquenessFixture.uuid(7)])])
        #expect(report.rewrittenReferences == 2)
        #expect(report.redirects == [UniquenessFixture.uuid(9): winner, UniquenessFixture.uuid(7): winner])
        let live = try await device.liveCategories()
        #expect(live.map(\.displayName).sorted() == ["Dairy", "Produce"])
        #expect(live.first { $0.id == winner }?.aliases == ["PRODUCE", "produce"])
        let dairy = UniquenessFixture.uuid(8)
        #expect(Set(try await device.products().map(\.categoryID)) == [winner, dairy])

        // Enforced: one record per key from now on.
        let categories = device.repository()
        #expect(try await categories.conflicts().isEmpty)
        #expect(try await categories.getOrCreate("produce").entity?.id == winner)
        await #expect(throws: SemanticUniquenessError.duplicateKey(kind: .category, key: "produce", existing: winner)) {
            try await categories.getOrCreate("Produce", allowDuplicate: true)
        }
        #expect(try await migration.mergeDuplicates(rewriter: device.rewriter).merges.isEmpty)
    }

    @Test
    func mergingDuplicatesPrefersTheDeterministicRecordOverOlderLegacyRecords() async throws {
        let device = try await makeLegacyDevice()
        let migration = SemanticKeyMigration(repository: device.repository())
        _ = try await migration.populateKeys()
        let current = try await device.createCategory("Produce")   // the lookup finds the legacy winner…
        #expect(current.id == UniquenessFixture.uuid(10))
        let deterministicID = NamedEntityKind.category.id(for: "produce")
        let synced = NamedEntity(
            id: deterministicID, kind: .category, semanticKey: "produce", displayName: "Produce",
            createdAt: UniquenessFixture.date(5_000), updatedAt: UniquenessFixture.date(5_000))
        try await device.store.save(synced)                          // …until a device with keys syncs its record

        let report = try await migration.mergeDuplicates(rewriter: device.rewriter)
        #expect(report.merges.first?.winner == deterministicID)
        #expect(Set(try await device.products().map(\.categoryID)) == [deterministicID, UniquenessFixture.uuid(8)])
    }
}
