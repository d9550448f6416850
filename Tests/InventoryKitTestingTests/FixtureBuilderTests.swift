import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

/// Tests read and write the fixtures' values by their text (SQLite rows, JSON), so their forms are pinned here.
@Suite("Fixture builders: numbered ids and EAN-13s keep their forms")
struct FixtureBuilderTests {
    @Test(
        "the id numbered n shows n in its last twelve digits",
        arguments: [
            (0, "00000000-0000-4000-8000-000000000000"), (42, "00000000-0000-4000-8000-000000000042"),
            (1_000_007, "00000000-0000-4000-8000-000001000007"), (999_999_999_999, "00000000-0000-4000-8000-999999999999"),
        ])
    func numberedIDs(number: Int, text: String) {
        #expect(UUID(fixtureNumber: number).uuidString == text)
    }

    @Test("numbered ids sort in number order, as text too")
    func numberedIDsSort() {
        let ids = [3, 10, 200, 1_000].map { UUID(fixtureNumber: $0) }
        #expect(ids.map(\.uuidString) == ids.map(\.uuidString).sorted())
    }

    @Test("the EAN-13 numbered n is a valid GTIN of thirteen digits, 4 and n", arguments: [0, 1, 42, 99_999_999_999])
    func numberedEAN13s(number: Int) throws {
        let code = GTIN.fixtureEAN13(number)
        #expect(code.count == 13 && GTIN.isValid(code))
        #expect(code.dropLast() == "4" + String(repeating: "0", count: 11 - String(number).count) + String(number))
    }

    @Test("the EAN-13 numbered 1 is 4000000000013")
    func firstEAN13() {
        #expect(GTIN.fixtureEAN13(1) == "4000000000013")
    }
}
