import Foundation
import SyncWire
import Testing

@Suite("The views' JSON vocabulary")
struct ViewVocabularyTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("an exact decimal is written as text with every digit and read back equal")
    func exactDecimalText() throws {
        let amount = try #require(Decimal(string: "0.333333333333333333333333333333333333"))
        #expect(try Self.json([ExactDecimal(amount)]) == #"["0.333333333333333333333333333333333333"]"#)
        let read = try JSONDecoder().decode([ExactDecimal].self, from: Data(try Self.json([ExactDecimal(amount)]).utf8))
        #expect(read == [ExactDecimal(amount)])
        #expect(try Self.json([ExactDecimal(try #require(ExactDecimal(text: "-12.50")).value)]) == #"["-12.5"]"#)
    }

    @Test("an exact decimal refuses numbers, exponents, spaces and trailing text", arguments: [
        "1.5", "1e3", " 1", "1 ", "1.5kg", "", "-", ".5", "5.", "1.2.3", "+1", "0x10", "١٢",
    ])
    func exactDecimalRefusesOtherText(_ text: String) throws {
        let accepted = ["1.5"]
        #expect((ExactDecimal(text: text) != nil) == accepted.contains(text))
    }

    @Test("an exact decimal written as a JSON number is refused, so no reader meets a Double")
    func exactDecimalRefusesNumbers() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ExactDecimal].self, from: Data("[1.5]".utf8)) }
    }

    @Test("an instant is RFC 3339 text in UTC to the millisecond, read with or without fractional seconds")
    func instantText() throws {
        let instant = WireInstant(Date(timeIntervalSince1970: 1_795_705_445.125))
        #expect(try Self.json([instant]) == #"["2026-11-26T15:04:05.125Z"]"#)
        let whole = try JSONDecoder().decode([WireInstant].self, from: Data(#"["2026-11-26T15:04:05Z"]"#.utf8))
        #expect(whole.first?.date == Date(timeIntervalSince1970: 1_795_705_445))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([WireInstant].self, from: Data("[817578612.30]".utf8))
        }
    }

    @Test("a view is an object with its version, household, ids spelled …Id, empty lists as [] and no nulls")
    func viewShape() throws {
        let view = ShoppingListView(
            household: NamedReference(id: "h1", name: "Home"), asOf: WireInstant(Date(timeIntervalSince1970: 0)),
            seq: nil,
            entries: [
                ShoppingListView.Entry(
                    source: "manual", itemId: "i1", productId: nil, title: nil, note: "bread", amount: nil, unit: nil,
                    missingAmount: nil)
            ])
        #expect(try Self.json(view) == #"{"asOf":"1970-01-01T00:00:00.000Z","entries":[{"itemId":"i1","note":"bread","source":"manual"}],"household":{"id":"h1","name":"Home"},"version":1}"#)
        let empty = OverdrawsView(household: view.household, asOf: view.asOf, seq: 7, overdraws: [])
        #expect(try Self.json(empty).contains(#""overdraws":[]"#))
        #expect(try JSONDecoder().decode(OverdrawsView.self, from: Data(try Self.json(empty).utf8)) == empty)
    }
}
