import Foundation
import InventoryModule
import Testing

@Suite("Due-date rules: defaults, never expires, after opening, freezing and thawing (UTC calendar days)")
struct DueDateRuleTests {
    enum Step: Sendable {
        case buy(ProductReference, DueDateSpecification, at: LocationID? = nil)
        case open
        case transfer(to: LocationID)
        case edit(location: LocationID?, due: CalendarDay?)
        case wait(days: Int)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [Step]
        var due: CalendarDay?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a purchase without due date gets the product's default days", steps: [.buy(F.milk, .productDefault)],
            due: F.cal(7)),
        Case(name: "a product that never expires gets no due date", steps: [.buy(F.flour, .productDefault)], due: nil),
        Case(
            name: "an explicit due day wins over the default", steps: [.buy(F.milk, .on(F.cal(2)))],
            due: F.cal(2)),
        Case(name: "an explicit 'never' wins over the default", steps: [.buy(F.milk, .never)], due: nil),
        Case(
            name: "opening shortens the due date to the opening day plus the days after opening",
            steps: [.buy(F.milk, .productDefault), .wait(days: 1), .open], due: F.cal(4)),
        Case(name: "opening keeps an earlier due date", steps: [.buy(F.milk, .on(F.cal(1))), .open], due: F.cal(1)),
        Case(name: "opening a lot without due date gives it one", steps: [.buy(F.milk, .never), .open], due: F.cal(3)),
        Case(
            name: "moving into a freezer sets the due date to the move day plus the days after freezing",
            steps: [.buy(F.chicken, .productDefault), .wait(days: 2), .transfer(to: F.freezer)], due: F.cal(92)),
        Case(
            name: "moving out of a freezer sets the due date to the move day plus the days after thawing",
            steps: [.buy(F.peas, .productDefault), .wait(days: 30), .transfer(to: F.pantry)], due: F.cal(32)),
        Case(
            name: "moving between two non-freezers keeps the due date",
            steps: [.buy(F.milk, .productDefault), .transfer(to: F.pantry)], due: F.cal(7)),
        Case(
            name: "a product without freezing days keeps its due date in the freezer",
            steps: [.buy(F.milk, .productDefault), .transfer(to: F.freezer)], due: F.cal(7)),
        Case(
            name: "an edit that moves a lot into a freezer applies the freezing rule",
            steps: [.buy(F.chicken, .productDefault), .edit(location: F.freezer, due: nil)], due: F.cal(90)),
        Case(
            name: "an edit that moves a lot and sets a due date keeps the date it sets",
            steps: [.buy(F.chicken, .productDefault), .edit(location: F.freezer, due: F.cal(5))], due: F.cal(5)),
    ]

    @Test("the lot's due date follows the rules", arguments: cases)
    func rules(_ scenario: Case) throws {
        var kitchen = try F.kitchen()
        var lot: LotID?
        for step in scenario.steps {
            switch step {
            case .buy(let product, let due, let location):
                lot = try kitchen.buy(product, 500, at: location, due: due)
            case .open:
                let id = try #require(lot)
                let product = try #require(kitchen.state.lots[id]?.productID)
                try kitchen.run(.open(OpenRequest(productID: product, amount: 500, scope: .lot(id))))
            case .transfer(let destination):
                let id = try #require(lot)
                let product = try #require(kitchen.state.lots[id]?.productID)
                try kitchen.run(
                    .transfer(
                        TransferRequest(productID: product, amount: 500, scope: .lot(id), destination: destination)))
            case .edit(let location, let due):
                try kitchen.run(
                    .editLot(
                        EditLotPayload(lotID: try #require(lot), dueDate: due.map { .set($0) }, locationID: location)))
            case .wait(let days):
                kitchen.advance(days: days)
            }
        }
        let id = try #require(lot)
        #expect(kitchen.state.lots[id]?.dueDate == scenario.due)
        #expect(kitchen.state.anomalies.isEmpty)
    }

    @Test("due days count calendar days in UTC: a purchase at 23:30 UTC is due seven days after that UTC day")
    func utcDays() throws {
        var kitchen = try F.kitchen()
        kitchen.now = F.day(0) + 23.5 * 3_600
        try kitchen.buy(F.milk, 1)
        kitchen.now = F.day(1) + 0.5 * 3_600
        try kitchen.buy(F.milk, 1)
        #expect(Set(kitchen.state.lots.values.compactMap(\.dueDate)) == [F.cal(7), F.cal(8)])
    }

    @Test("a lot keeps the product's due-date kind")
    func dueDateKind() throws {
        var kitchen = try F.kitchen()
        let chicken = try kitchen.buy(F.chicken, 500)
        let milk = try kitchen.buy(F.milk, 1)
        #expect(
            kitchen.state.lots[chicken]?.dueDateKind == .expiry && kitchen.state.lots[milk]?.dueDateKind == .bestBefore)
    }
}
