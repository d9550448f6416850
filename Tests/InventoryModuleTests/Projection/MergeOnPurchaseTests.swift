import Foundation
import InventoryModule
import Testing

@Suite("Merge on purchase: identical sealed lots merge, any difference makes a new lot")
struct MergeOnPurchaseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var second: PurchaseRequest
        var openFirst = false
        var merges: Bool
        var testDescription: String { name }
    }

    static let base = PurchaseRequest(
        productID: F.milk, amount: 1, unit: F.litre, locationID: F.fridge, dueDate: .on(F.cal(7)))

    static func changed(_ change: (inout PurchaseRequest) -> Void) -> PurchaseRequest {
        var request = base
        change(&request)
        return request
    }

    static let cases: [Case] = [
        Case(name: "an identical purchase merges", second: base, merges: true),
        Case(name: "a different barcode still merges", second: changed { $0.barcode = "1" }, merges: true),
        Case(name: "a note where the lot has none makes a new lot", second: changed { $0.note = "from the market" }, merges: false),
        Case(
            name: "another product makes a new lot",
            second: changed {
                $0.productID = F.chicken
                $0.unit = F.gram
            }, merges: false),
        Case(name: "another location makes a new lot", second: changed { $0.locationID = F.pantry }, merges: false),
        Case(name: "another due date makes a new lot", second: changed { $0.dueDate = .on(F.cal(8)) }, merges: false),
        Case(name: "no due date makes a new lot", second: changed { $0.dueDate = .never }, merges: false),
        Case(
            name: "another unit makes a new lot",
            second: changed {
                $0.unit = F.millilitre
                $0.amount = 1000
            }, merges: false),
        Case(name: "another price makes a new lot", second: changed { $0.price = 1 }, merges: false),
        Case(name: "an opened existing lot makes a new lot", second: base, openFirst: true, merges: false),
    ]

    @Test("a second purchase merges or not", arguments: cases)
    func merge(_ scenario: Case) throws {
        var kitchen = try F.kitchen()
        let first = try #require(kitchen.lotID(of: try kitchen.run(.purchase(Self.base))))
        if scenario.openFirst { try kitchen.run(.open(OpenRequest(productID: F.milk, scope: .lot(first)))) }
        let entries = try kitchen.run(.purchase(scenario.second))
        guard case .purchase(let payload)? = entries.first?.operation else {
            Issue.record("no purchase entry")
            return
        }
        if scenario.merges {
            #expect(kitchen.state.lots.count == 1)
            #expect(kitchen.state.lots[first]?.quantity == 2)
            #expect(kitchen.state.lotAliases[payload.lotID] == first)
            #expect(kitchen.state.lot(payload.lotID)?.id == first)
        } else {
            #expect(kitchen.state.lots.count == 2)
            #expect(kitchen.state.lots[payload.lotID]?.quantity == scenario.second.amount)
            #expect(kitchen.state.lotAliases.isEmpty)
        }
    }

    @Test("a purchase's note is never dropped: another note makes a new lot, the same note merges")
    func notesAreKept() throws {
        var kitchen = try F.kitchen()
        var gift = Self.base
        gift.note = "gift from Anna"
        let first = try #require(kitchen.lotID(of: try kitchen.run(.purchase(gift))))
        var market = Self.base
        market.note = "from the market"
        let second = try #require(kitchen.lotID(of: try kitchen.run(.purchase(market))))
        #expect(first != second)
        #expect(kitchen.state.lots[first]?.note == "gift from Anna" && kitchen.state.lots[second]?.note == "from the market")
        let plain = try #require(kitchen.lotID(of: try kitchen.run(.purchase(Self.base))))
        #expect(plain != first && plain != second && kitchen.state.lots[plain]?.note == nil, "no note is given to a lot it was not written for")
        let repeated = try kitchen.run(.purchase(gift))
        #expect(kitchen.lotID(of: repeated) == first && kitchen.state.lots[first]?.quantity == 2, "the same note merges")
        #expect(kitchen.state.lots.count == 3)
    }

    @Test("a later entry naming a merged purchase's lot id acts on the surviving lot")
    func aliasResolves() throws {
        var kitchen = try F.kitchen()
        let first = try #require(kitchen.lotID(of: try kitchen.run(.purchase(Self.base))))
        let entries = try kitchen.run(.purchase(Self.base))
        guard case .purchase(let payload)? = entries.first?.operation else {
            Issue.record("no purchase entry")
            return
        }
        try kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: F.dec("1.5"), scope: .lot(payload.lotID))))
        #expect(kitchen.state.lots[first]?.quantity == F.dec("0.5"))
    }
}
