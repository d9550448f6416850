import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

struct NamedEntityRepositoryTests {
    private func makeCategories(
        _ storage: InMemoryStorageProvider = InMemoryStorageProvider(), kind: NamedEntityKind = .category
    ) -> NamedEntityRepository {
        NamedEntityRepository(storage: storage, kind: kind, clock: ManualClock(UniquenessFixture.date(100)).clock)
    }

    @Test
    func getOrCreateCreatesOnceUnderTheDeterministicIdAndReturnsItForEverySpelling() async throws {
        let categories = makeCategories()
        let created = try await categories.getOrCreate(" Produce ")
        let again = try await categories.getOrCreate("PRODUCE")
        let lower = try await categories.getOrCreate("produce")

        #expect(created.wasCreated)
        let produce = try #require(created.entity)
        #expect(produce.id == InventoryIDGenerator.generate(for: .category, semanticName: "produce"))
        #expect(produce.displayName == "Produce")
        #expect(produce.semanticKey == "produce")
        #expect(again.wasCreated == false)
        #expect(again.entity?.id == produce.id)
        #expect(lower.entity?.id == produce.id)
        #expect(lower.entity?.displayName == "Produce")
        #expect(lower.entity?.aliases == ["PRODUCE", "produce"])
        #expect(try await categories.allEntities().count == 1)
    }

    @Test
    func aSpellingAlreadyKnownAddsNoAliasAndNoWrite() async throws {
        let storage = InMemoryStorageProvider()
        let categories = makeCategories(storage)
        let produce = try #require(try await categories.getOrCreate("Produce").entity)
        _ = try await categories.getOrCreate("Produce ")
        let stored = try #require(try await storage.domainMetadata.record(produce.recordID, in: NamedEntity.collection))
        #expect(stored.revision == 1)
    }

    @Test
    func concurrentGetOrCreateFromManyTasksYieldsOneRecord() async throws {
        let storage = InMemoryStorageProvider()
        let spellings = ["Produce", "produce ", "PRODUCE", " pRoDuCe", "Produce\t"]
        let results = try await withThrowingTaskGroup(of: NamedEntityResult.self) { group in
            for index in 0..<64 {
                // Separate repository values on one store, as separate parts of an app would hold.
                let categories = makeCategories(storage)
                group.addTask { try await categories.getOrCreate(spellings[index % spellings.count]) }
            }
            var results: [NamedEntityResult] = []
            for try await result in group { results.append(result) }
            return results
        }
        let records = try await makeCategories(storage).allEntities()
        #expect(records.count == 1)
        #expect(results.filter(\.wasCreated).count == 1)
        #expect(Set(results.map(\.entity?.id)) == [records.first?.id])
        #expect(records.first?.spellings.count == 4)   // "Produce\t" and "produce " trim to known spellings
    }

    @Test
    func aCreateThatLosesTheRaceReadsTheWinnersRecordInsteadOfFailing() async throws {
        let storage = InMemoryStorageProvider()
        let produce = try #require(try await makeCategories(storage).getOrCreate("Produce").entity)
        // The lookup misses the record once, as when another task creates it between lookup and write.
        let stale = StaleQueryStore(base: storage.domainMetadata, missedQueries: 1)
        let categories = NamedEntityRepository(store: stale, kind: .category, clock: ManualClock().clock)

        let result = try await categories.getOrCreate("PRODUCE")
        #expect(result == .existing(try #require(try await categories.entity(id: produce.id))))
        #expect(stale.failedPreconditions == 1)
        #expect(try await categories.allEntities().count == 1)
    }

    @Test
    func concurrentCreationOfDifferentNamesCreatesOneRecordPerKey() async throws {
        let storage = InMemoryStorageProvider()
        let names = (0..<20).map { "Aisle \($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for name in names + names.map({ $0.uppercased() }) {
                let categories = makeCategories(storage)
                group.addTask { _ = try await categories.getOrCreate(name) }
            }
            try await group.waitForAll()
        }
        let keys = try await makeCategories(storage).allEntities().compactMap(\.semanticKey)
        #expect(keys.count == 20)
        #expect(Set(keys) == Set(names.map { SemanticKey($0) }))
    }

    @Test
    func aUniqueKindRefusesASecondRecordForAKey() async throws {
        let categories = makeCategories()
        let produce = try #require(try await categories.getOrCreate("Produce").entity)
        await #expect(throws: SemanticUniquenessError.duplicateKey(kind: .category, key: "produce", existing: produce.id)) {
            try await categories.getOrCreate("PRODUCE", allowDuplicate: true)
        }
        #expect(try await categories.allEntities().count == 1)
    }

    @Test
    func aNameWithAnEmptyKeyIsRejectedBeforeAnythingIsWritten() async throws {
        let categories = makeCategories()
        await #expect(throws: SemanticKeyError.empty(raw: " \t ")) {
            try await categories.getOrCreate(" \t ")
        }
        #expect(try await categories.allEntities().isEmpty)
    }

    @Test
    func theSameNameInTwoKindsGivesTwoRecordsWithDifferentIds() async throws {
        let storage = InMemoryStorageProvider()
        let category = try #require(try await makeCategories(storage).getOrCreate("Organic").entity)
        let tag = try #require(try await makeCategories(storage, kind: .tag).getOrCreate("#organic").entity)
        #expect(category.id != tag.id)
        #expect(tag.kind == .tag)
        #expect(try await makeCategories(storage).allEntities() == [category])
        #expect(try await makeCategories(storage, kind: .tag).find("ORGANIC")?.id == tag.id)
    }

    @Test
    func allowDuplicatesCreatesARecordUnderANewRandomIdOnEveryCall() async throws {
        let namespace = InventoryNamespace(InventoryIDGenerator.generate(for: .url, name: "https://example.com/ns/note"))
        let notes = NamedEntityRepository(
            storage: InMemoryStorageProvider(), kind: .custom("note", namespace: namespace, policy: .allowDuplicates),
            clock: ManualClock().clock, makeID: UniquenessFixture.incrementingIDs())
        let first = try await notes.getOrCreate("Buy milk")
        let second = try await notes.getOrCreate("Buy milk")
        #expect(first.wasCreated && second.wasCreated)
        #expect(first.entity?.id != second.entity?.id)
        #expect(try await notes.entities(withKey: "buy milk").count == 2)
    }

    @Test
    func aFailedWriteLeavesNothingBehindAndTheNextCallCreates() async throws {
        let storage = InMemoryStorageProvider()
        let categories = makeCategories(storage)
        await storage.failNextWrites(1)
        await #expect(throws: StorageError.self) { try await categories.getOrCreate("Dairy") }
        #expect(try await categories.allEntities().isEmpty)
        #expect(try await categories.getOrCreate("Dairy").wasCreated)
    }

    @Test
    func getOrCreateOfAMergedKeyReturnsTheRecordItWasMergedInto() async throws {
        let storage = InMemoryStorageProvider()
        let categories = makeCategories(storage)
        let veggies = try #require(try await categories.getOrCreate("Veggies").entity)
        let produce = try #require(try await categories.getOrCreate("Produce").entity)
        _ = try await categories.merge([veggies.id], into: produce.id)

        let result = try await categories.getOrCreate("VEGGIES")
        #expect(result.entity?.id == produce.id)
        #expect(result.wasCreated == false)
        #expect(try await categories.resolve(veggies.id)?.id == produce.id)
        #expect(try await categories.find("veggies")?.id == produce.id)
    }
}
