import Foundation
import InventoryKit
import Testing

struct NamedEntityKeysTests {
    struct KeyCase: Sendable, CustomTestStringConvertible {
        let kind: NamedEntityKind
        let input: String
        let expected: String
        var testDescription: String { "\(kind) \(String(reflecting: input)) → \(String(reflecting: expected))" }
    }

    static let table: [KeyCase] = [
        // category: SemanticKey.normalize alone
        KeyCase(kind: .category, input: "Produce", expected: "produce"),
        KeyCase(kind: .category, input: "produce ", expected: "produce"),
        KeyCase(kind: .category, input: "PRODUCE", expected: "produce"),
        KeyCase(kind: .category, input: "  MEAT &\tSeafood ", expected: "meat & seafood"),
        KeyCase(kind: .category, input: "Straße", expected: "strasse"),
        KeyCase(kind: .category, input: "Cafe\u{301}", expected: "café"),
        KeyCase(kind: .category, input: "Fruits", expected: "fruits"),
        // storage location: SemanticKey.normalize alone
        KeyCase(kind: .storageLocation, input: "Chest\tFreezer", expected: "chest freezer"),
        KeyCase(kind: .storageLocation, input: " Kitchen  Pantry ", expected: "kitchen pantry"),
        KeyCase(kind: .storageLocation, input: "Garage/Shelf 2", expected: "garage/shelf 2"),
        // manufacturer: legal forms dropped
        KeyCase(kind: .manufacturer, input: "Apple", expected: "apple"),
        KeyCase(kind: .manufacturer, input: "Apple Inc.", expected: "apple"),
        KeyCase(kind: .manufacturer, input: "APPLE, INC", expected: "apple"),
        KeyCase(kind: .manufacturer, input: "Nintendo Co., Ltd.", expected: "nintendo"),
        KeyCase(kind: .manufacturer, input: "Robert Bosch GmbH & Co. KG", expected: "robert bosch"),
        KeyCase(kind: .manufacturer, input: "Acme Pty Ltd", expected: "acme"),
        KeyCase(kind: .manufacturer, input: "Nestlé S.A.", expected: "nestlé"),
        KeyCase(kind: .manufacturer, input: "Ferrari S.p.A.", expected: "ferrari"),
        KeyCase(kind: .manufacturer, input: "Acme L.L.C.", expected: "acme"),
        KeyCase(kind: .manufacturer, input: "Bang & Olufsen A/S", expected: "bang & olufsen"),
        KeyCase(kind: .manufacturer, input: "Procter & Gamble", expected: "procter & gamble"),
        KeyCase(kind: .manufacturer, input: "Serenity Day Spa", expected: "serenity day spa"),
        KeyCase(kind: .manufacturer, input: "The Walt Disney Company", expected: "the walt disney"),
        KeyCase(kind: .manufacturer, input: "Limited", expected: "limited"),
        KeyCase(kind: .manufacturer, input: ", Inc.", expected: ", inc."),
        // unit: unit names folded to a symbol
        KeyCase(kind: .unit, input: "Kilograms", expected: "kg"),
        KeyCase(kind: .unit, input: "KG", expected: "kg"),
        KeyCase(kind: .unit, input: "kilo", expected: "kg"),
        KeyCase(kind: .unit, input: "Gram", expected: "g"),
        KeyCase(kind: .unit, input: "Litres", expected: "l"),
        KeyCase(kind: .unit, input: "milliliter", expected: "ml"),
        KeyCase(kind: .unit, input: "PCS.", expected: "pc"),
        KeyCase(kind: .unit, input: "Pieces", expected: "pc"),
        KeyCase(kind: .unit, input: "Fluid Ounces", expected: "fl oz"),
        KeyCase(kind: .unit, input: "fl. oz.", expected: "fl oz"),
        KeyCase(kind: .unit, input: "lbs", expected: "lb"),
        KeyCase(kind: .unit, input: "Tablespoon", expected: "tbsp"),
        KeyCase(kind: .unit, input: "Can", expected: "can"),
        KeyCase(kind: .unit, input: "T", expected: "t"),
        KeyCase(kind: .unit, input: "a. .", expected: "a"),
        // tag: a leading # dropped
        KeyCase(kind: .tag, input: "#Vegan", expected: "vegan"),
        KeyCase(kind: .tag, input: "## gluten  free", expected: "gluten free"),
        KeyCase(kind: .tag, input: "Vegan", expected: "vegan"),
        KeyCase(kind: .tag, input: "c#", expected: "c#"),
        KeyCase(kind: .tag, input: "#", expected: "#"),
    ]

    @Test(arguments: table)
    func eachKindNormalizesNamesToItsDocumentedKey(_ entry: KeyCase) {
        #expect(entry.kind.key(for: entry.input).rawValue == entry.expected)
    }

    @Test(arguments: table)
    func everyKeyFunctionIsIdempotent(_ entry: KeyCase) {
        let key = entry.kind.key(for: entry.input)
        #expect(entry.kind.key(for: key.rawValue) == key)
    }

    @Test
    func everyKitKindDerivesIdsInItsOwnNamespace() {
        let expected: [NamedEntityKind.Name: InventoryNamespace] = [
            .category: .category, .manufacturer: .manufacturer, .storageLocation: .storageLocation, .unit: .unit,
            .tag: .tag,
        ]
        for kind in NamedEntityKind.builtIn {
            #expect(kind.namespace == expected[kind.name])
            #expect(kind.policy == .unique)
        }
        let ids = Set(NamedEntityKind.builtIn.map { $0.id(for: $0.key(for: "Kitchen")) })
        #expect(ids.count == NamedEntityKind.builtIn.count)
    }

    @Test
    func categoryIdsEqualTheSemanticIdsOfTheIdentifierGenerator() {
        let key = NamedEntityKind.category.key(for: " produce ")
        #expect(NamedEntityKind.category.id(for: key)
            == InventoryIDGenerator.generate(for: .category, semanticName: "Produce"))
    }

    @Test
    func manufacturerIdsFoldLegalFormsButMatchSemanticIdsOfPlainNames() {
        let kind = NamedEntityKind.manufacturer
        #expect(kind.id(for: kind.key(for: "Nintendo Co., Ltd.")) == kind.id(for: kind.key(for: "NINTENDO")))
        #expect(kind.id(for: kind.key(for: "Nintendo"))
            == InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Nintendo"))
    }

    @Test
    func customKindsUseTheirOwnKeyFunctionNamespaceAndPolicy() {
        let namespace = InventoryNamespace(
            InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.url.rawValue, name: "https://example.com/ns/recipe"))
        let recipe = NamedEntityKind.custom("recipe", namespace: namespace, policy: .detectAndAsk) {
            SemanticKey($0.replacingOccurrences(of: "'", with: ""))
        }
        #expect(recipe.key(for: "Mom's Lasagna") == "moms lasagna")
        #expect(recipe.policy == .detectAndAsk)
        #expect(recipe.id(for: "moms lasagna") == InventoryIDGenerator.generate(for: namespace, key: "moms lasagna"))
        #expect(recipe != NamedEntityKind.custom("recipe", namespace: namespace, policy: .unique))
    }

    struct NearCase: Sendable, CustomTestStringConvertible {
        let lhs: String
        let rhs: String
        let expected: SemanticDuplicateMatch.Similarity?
        var testDescription: String { "\(lhs) ~ \(rhs)" }
    }

    @Test(arguments: [
        NearCase(lhs: "lasagna", rhs: "lasagna", expected: .sameKey),
        NearCase(lhs: "tomatoes", rhs: "tomato", expected: .pluralVariant),
        NearCase(lhs: "roma tomato", rhs: "roma tomatoes", expected: .pluralVariant),
        NearCase(lhs: "berries", rhs: "berry", expected: .pluralVariant),
        NearCase(lhs: "shoes", rhs: "shoe", expected: .pluralVariant),
        NearCase(lhs: "glasses", rhs: "glass", expected: .pluralVariant),
        NearCase(lhs: "lasagna", rhs: "lasagne", expected: .editDistance(1)),
        NearCase(lhs: "basil", rhs: "basils", expected: .pluralVariant),
        NearCase(lhs: "pesto", rhs: "presto", expected: .editDistance(1)),
        NearCase(lhs: "tea", rhs: "pea", expected: nil),
        NearCase(lhs: "lasagna", rhs: "lasagnette", expected: nil),
        NearCase(lhs: "pasta", rhs: "pizza", expected: nil),
    ])
    func nearKeysArePluralVariantsOrOneEditApart(_ entry: NearCase) {
        let matcher = SemanticNearKeyMatcher()
        #expect(matcher.similarity(SemanticKey(entry.lhs), SemanticKey(entry.rhs)) == entry.expected)
        #expect(matcher.similarity(SemanticKey(entry.rhs), SemanticKey(entry.lhs)) == entry.expected)
    }
}
