import Foundation
import InventoryKit
import Testing

struct NamedEntityReconcileTests {
    private let id = NamedEntityKind.category.id(for: "produce")

    private func version(_ name: String, createdAt: Double, updatedAt: Double? = nil, aliases: [String] = []) -> NamedEntity {
        NamedEntity(
            id: id, kind: .category, semanticKey: "produce", displayName: name, aliases: aliases,
            createdAt: UniquenessFixture.date(createdAt), updatedAt: UniquenessFixture.date(updatedAt ?? createdAt))
    }

    @Test
    func theFirstSpellingStaysAndEveryOtherBecomesAnAlias() {
        let joined = version("PRODUCE", createdAt: 20, aliases: ["Veg"]).reconciled(with: version("Produce", createdAt: 10))
        #expect(joined.displayName == "Produce")
        #expect(joined.aliases == ["PRODUCE", "Veg"])
        #expect(joined.createdAt == UniquenessFixture.date(10))
        #expect(joined.updatedAt == UniquenessFixture.date(20))
    }

    @Test
    func theJoinIsTheSameInEveryOrder() throws {
        let versions = [
            version("Produce", createdAt: 10),
            version("produce", createdAt: 12, updatedAt: 40, aliases: ["greens"]),
            version("PRODUCE", createdAt: 10, aliases: ["Veg"]),
        ]
        let expected = try #require(NamedEntity.reconciled(versions))
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for order in orders {
            #expect(NamedEntity.reconciled(order.map { versions[$0] }) == expected)
            let nested = versions[order[0]].reconciled(with: versions[order[1]].reconciled(with: versions[order[2]]))
            #expect(nested == expected)
        }
        #expect(expected.displayName == "PRODUCE")   // same creation date: the smaller spelling by bytes
        #expect(expected.aliases == ["Produce", "Veg", "greens", "produce"])
        #expect(expected.reconciled(with: expected) == expected)
    }

    @Test
    func aTombstoneWinsOverALiveVersion() {
        var retired = version("Produce", createdAt: 10)
        retired.mergedInto = UniquenessFixture.uuid(1)
        let live = version("Produce", createdAt: 10, updatedAt: 90)
        #expect(live.reconciled(with: retired).mergedInto == UniquenessFixture.uuid(1))
        #expect(retired.reconciled(with: live).mergedInto == UniquenessFixture.uuid(1))
    }

    @Test
    func aVersionWithoutAKeyGainsTheKeyOfTheOther() {
        var legacy = version("Produce", createdAt: 10)
        legacy.semanticKey = nil
        #expect(legacy.reconciled(with: version("Produce", createdAt: 10)).semanticKey == "produce")
    }

    @Test
    func anotherRecordIsNotJoined() {
        let mine = version("Produce", createdAt: 10)
        var other = version("Dairy", createdAt: 1)
        other.id = UniquenessFixture.uuid(2)
        #expect(mine.reconciled(with: other) == mine)
    }
}
