import Foundation
import InventoryKit
import Testing

struct SemanticMergeRuleTests {
    private func category(_ id: UUID, key: SemanticKey? = "produce", name: String = "Produce", createdAt: Double) -> NamedEntity {
        NamedEntity(
            id: id, kind: .category, semanticKey: key, displayName: name, createdAt: UniquenessFixture.date(createdAt),
            updatedAt: UniquenessFixture.date(createdAt))
    }

    @Test
    func theDeterministicIdRecordWinsEvenOverOlderRecords() {
        let deterministic = category(NamedEntityKind.category.id(for: "produce"), createdAt: 500)
        let legacy = category(UniquenessFixture.uuid(1), createdAt: 10)
        #expect(SemanticMergeRule.ordered([legacy, deterministic], in: .category).map(\.id) == [deterministic.id, legacy.id])
    }

    @Test
    func withoutADeterministicRecordTheEarliestCreatedWinsThenTheSmallestId() {
        let late = category(UniquenessFixture.uuid(1), createdAt: 30)
        let earlyBig = category(UniquenessFixture.uuid(9), createdAt: 10)
        let earlySmall = category(UniquenessFixture.uuid(2), createdAt: 10)
        let expected = [earlySmall.id, earlyBig.id, late.id]
        for order in [[late, earlyBig, earlySmall], [earlyBig, earlySmall, late], [earlySmall, late, earlyBig]] {
            #expect(SemanticMergeRule.ordered(order, in: .category).map(\.id) == expected)
        }
    }

    @Test
    func conflictsGroupLiveKeyedRecordsOfTheKindOnly() {
        var tombstone = category(UniquenessFixture.uuid(3), createdAt: 5)
        tombstone.mergedInto = UniquenessFixture.uuid(1)
        let records = [
            category(UniquenessFixture.uuid(1), createdAt: 20), category(UniquenessFixture.uuid(2), createdAt: 10), tombstone,
            category(UniquenessFixture.uuid(4), key: nil, createdAt: 1), category(UniquenessFixture.uuid(5), key: "dairy", name: "Dairy", createdAt: 1),
            NamedEntity(id: UniquenessFixture.uuid(6), kind: .tag, semanticKey: "produce", displayName: "produce",
                createdAt: UniquenessFixture.date(0), updatedAt: UniquenessFixture.date(0)),
        ]
        let conflicts = SemanticMergeRule.conflicts(among: records, in: .category)
        #expect(conflicts.map(\.key) == ["produce"])
        #expect(conflicts.first?.entities.map(\.id) == [UniquenessFixture.uuid(2), UniquenessFixture.uuid(1)])
    }

    @Test
    func aMergeKeepsTheWinnersNameAndGivesItEveryLoserSpellingAsAlias() {
        let winner = category(UniquenessFixture.uuid(1), createdAt: 10)
        var loser = category(UniquenessFixture.uuid(2), name: "PRODUCE", createdAt: 20)
        loser.aliases = ["Veg & Fruit"]
        let merged = SemanticMergeRule.merge([loser], into: winner, at: UniquenessFixture.date(99))
        #expect(merged.winner.displayName == "Produce")
        #expect(merged.winner.aliases == ["PRODUCE", "Veg & Fruit"])
        #expect(merged.winner.updatedAt == UniquenessFixture.date(99))
        #expect(merged.retired.map(\.mergedInto) == [winner.id])
        #expect(merged.retired.first?.displayName == "PRODUCE")
    }
}
