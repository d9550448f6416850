import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

@Suite("Named entities and uniqueness (DocC: Keeping named entities unique)")
struct UniquenessTests {
    @Test("getOrCreate returns one record per key, with the other spellings as aliases")
    func getOrCreate() async throws {
        let storage = InMemoryStorageProvider()
        // snippet: uniqueness-get-or-create
        let categories = NamedEntityRepository(storage: storage, kind: .category)
        let created = try await categories.getOrCreate("Dairy")      // .created: wasCreated == true
        let again = try await categories.getOrCreate("  DAIRY ")     // .existing: same id, "DAIRY" an alias
        let dairyID = again.entity?.id                               // `entity` is nil only for .duplicateFound
        let dairy = try await categories.find("dairy")          // lookup by key, no write
        let id = NamedEntityKind.category.id(for: NamedEntityKind.category.key(for: "Dairy"))
        // end snippet
        #expect(created.wasCreated && !again.wasCreated)
        #expect(created.entity?.id == dairyID)
        #expect(dairy?.id == id)
        #expect(dairy?.spellings == ["Dairy", "DAIRY"])
    }

    @Test("a detect-and-ask kind reports likely duplicates and creates only when confirmed")
    func detectAndAsk() async throws {
        let storage = InMemoryStorageProvider()
        var opened: [String] = []
        func open(_ entity: NamedEntity) { opened.append(entity.displayName) }
        func askUser(_ matches: [SemanticDuplicateMatch]) -> Bool { true }
        // snippet: uniqueness-detect-and-ask
        let recipeNamespace = InventoryNamespace(
            InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.url.rawValue, name: "https://example.com/ns/recipe"))
        let recipes = NamedEntityRepository(
            storage: storage, kind: .custom("recipe", namespace: recipeNamespace, policy: .detectAndAsk))
        _ = try await recipes.getOrCreate("Lasagne")
        switch try await recipes.getOrCreate("Lasagna") {
        case .created(let recipe), .existing(let recipe):
            open(recipe)
        case .duplicateFound(let matches):                 // nothing was created
            if askUser(matches), let recipe = try await recipes.getOrCreate("Lasagna", allowDuplicate: true).entity {
                open(recipe)
            }
        }
        // end snippet
        #expect(opened == ["Lasagna"])
        #expect(try await recipes.allEntities().count == 2)
    }
}
