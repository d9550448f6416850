import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

struct DetectAndAskTests {
    static let recipe = NamedEntityKind.custom(
        "recipe",
        namespace: InventoryNamespace(InventoryIDGenerator.generate(for: .url, name: "https://example.com/ns/recipe")),
        policy: .detectAndAsk)

    private func makeRecipes(_ storage: InMemoryStorageProvider = InMemoryStorageProvider()) -> NamedEntityRepository {
        NamedEntityRepository(
            storage: storage, kind: Self.recipe, clock: ManualClock(UniquenessFixture.date(50)).clock, makeID: UniquenessFixture.incrementingIDs())
    }

    @Test
    func theSameKeyIsReportedAsADuplicateAndNothingIsCreated() async throws {
        let recipes = makeRecipes()
        let lasagna = try #require(try await recipes.getOrCreate("Lasagna").entity)

        let result = try await recipes.getOrCreate("  LASAGNA")
        #expect(result == .duplicateFound(existing: [SemanticDuplicateMatch(entity: lasagna, similarity: .sameKey)]))
        #expect(try await recipes.allEntities() == [lasagna])
    }

    @Test
    func aSecondRecordIsCreatedOnlyWhenTheCallerConfirms() async throws {
        let recipes = makeRecipes()
        let first = try #require(try await recipes.getOrCreate("Lasagna").entity)

        let confirmed = try await recipes.getOrCreate("Lasagna", allowDuplicate: true)
        let second = try #require(confirmed.entity)
        #expect(confirmed.wasCreated)
        #expect(second.id != first.id)
        #expect(second.semanticKey == first.semanticKey)
        #expect(try await recipes.entities(withKey: "lasagna").map(\.id) == [first.id, second.id])
    }

    @Test
    func nearKeysArePluralVariantsAndOneEditApartAndComeAfterTheSameKey() async throws {
        let recipes = makeRecipes()
        let tomato = try #require(try await recipes.getOrCreate("Tomato Soup").entity)
        let lasagne = try #require(try await recipes.getOrCreate("Lasagne").entity)
        let lasagna = try #require(try await recipes.getOrCreate("Lasagna", allowDuplicate: true).entity)
        _ = try await recipes.getOrCreate("Pizza")

        guard case .duplicateFound(let matches) = try await recipes.getOrCreate("Lasagna") else {
            Issue.record("expected a duplicate report")
            return
        }
        #expect(matches.map(\.entity.id) == [lasagna.id, lasagne.id])
        #expect(matches.map(\.similarity) == [.sameKey, .editDistance(1)])

        let soups = try await recipes.getOrCreate("tomato soups")
        #expect(soups == .duplicateFound(existing: [SemanticDuplicateMatch(entity: tomato, similarity: .pluralVariant)]))
    }

    @Test
    func anUnrelatedNameIsCreatedWithoutAsking() async throws {
        let recipes = makeRecipes()
        _ = try await recipes.getOrCreate("Lasagna")
        #expect(try await recipes.getOrCreate("Risotto").wasCreated)
    }

    @Test
    func confirmedDuplicatesAreNotMergedAutomaticallyButCanBeMergedOnRequest() async throws {
        let storage = InMemoryStorageProvider()
        let recipes = makeRecipes(storage)
        let first = try #require(try await recipes.getOrCreate("Lasagna").entity)
        let second = try #require(try await recipes.getOrCreate("Lasagna al forno", allowDuplicate: true).entity)

        let automatic = try await recipes.resolveDuplicates()
        #expect(automatic.merges.isEmpty)
        #expect(try await recipes.allEntities().count == 2)

        let moved = RedirectLog()
        let report = try await recipes.merge([second.id], into: first.id, rewriter: .closure { redirects, kind in
            await moved.record(redirects, kind: kind.name)
            return redirects.count
        })
        #expect(report.merges == [.init(key: "lasagna", winner: first.id, retired: [second.id])])
        #expect(report.rewrittenReferences == 1)
        #expect(await moved.calls == [[second.id: first.id]])
        #expect(try await recipes.allEntities().map(\.id) == [first.id])
        #expect(try await recipes.resolve(second.id)?.aliases == ["Lasagna al forno"])

        let again = try await recipes.merge([second.id], into: first.id)
        #expect(again.merges.isEmpty)
    }

    @Test
    func mergingIntoARetiredOrUnknownRecordIsRefused() async throws {
        let recipes = makeRecipes()
        let first = try #require(try await recipes.getOrCreate("Lasagna").entity)
        let second = try #require(try await recipes.getOrCreate("Lasagna", allowDuplicate: true).entity)
        _ = try await recipes.merge([second.id], into: first.id)

        await #expect(throws: SemanticUniquenessError.entityRetired(kind: "recipe", id: second.id, mergedInto: first.id)) {
            try await recipes.merge([first.id], into: second.id)
        }
        let unknown = UniquenessFixture.uuid(9)
        await #expect(throws: SemanticUniquenessError.entityNotFound(kind: "recipe", id: unknown)) {
            try await recipes.merge([unknown], into: first.id)
        }
    }
}

/// Records what a closure rewriter was handed.
actor RedirectLog {
    private(set) var calls: [[UUID: UUID]] = []

    func record(_ redirects: [UUID: UUID], kind: NamedEntityKind.Name) {
        calls.append(redirects)
    }
}
