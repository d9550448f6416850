import Foundation
import InventoryKit
import InventoryModule
import Testing

@Suite("Typed ids: validation, coding and deterministic derivation")
struct InventoryIDTests {
    static let invalid: [(String, InventoryIDError)] = [
        ("", .empty(.location)),
        (String(repeating: "x", count: 257), .tooLong(.location, byteCount: 257)),
        ("pan\ntry", .controlCharacter(.location)),
        ("pan\u{0}try", .controlCharacter(.location)),
    ]

    @Test("an invalid id is refused with the rule it breaks, and init?(rawValue:) gives nil", arguments: invalid)
    func invalidIDs(text: String, error: InventoryIDError) {
        #expect(throws: error) { try LocationID(text) }
        #expect(LocationID(rawValue: text) == nil)
    }

    @Test("every kind of string id names its own kind in the error")
    func kindsNamed() {
        #expect(throws: InventoryIDError.empty(.household)) { try HouseholdID("") }
        #expect(throws: InventoryIDError.empty(.lot)) { try LotID("") }
        #expect(throws: InventoryIDError.empty(.unit)) { try UnitID("") }
        #expect(throws: InventoryIDError.empty(.product)) { try ProductReference("") }
        #expect(throws: InventoryIDError.empty(.shoppingListItem)) { try ShoppingListItemID("") }
        #expect(throws: InventoryIDError.empty(.idempotencyKey)) { try IdempotencyKey("") }
    }

    @Test("an id of exactly 256 bytes with spaces and non-ASCII text is accepted")
    func longestAccepted() throws {
        let text = String(repeating: "é", count: 127) + "a "
        #expect(text.utf8.count == 256)
        #expect(try ProductReference(text).rawValue == text)
    }

    @Test("decoding validates: an empty id in JSON fails with the rule in the message")
    func decodingValidates() throws {
        let good = try JSONDecoder().decode([LotID].self, from: Data(#"["lot-1"]"#.utf8))
        #expect(good == [try LotID("lot-1")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LotID].self, from: Data(#"[""]"#.utf8)) }
        let encoded = String(decoding: try JSONEncoder().encode([try UnitID("kg")]), as: UTF8.self)
        #expect(encoded == #"["kg"]"#)
    }

    @Test("a location id derives from its household and the semantic key of its name")
    func locationDerivation() throws {
        let other = try HouseholdID("other")
        #expect(
            LocationID.derived(household: F.home, name: "Pantry")
                == LocationID.derived(household: F.home, name: "  pantry "))
        #expect(
            LocationID.derived(household: F.home, name: "Pantry")
                != LocationID.derived(household: other, name: "Pantry"))
        #expect(
            LocationID.derived(household: F.home, name: "Pantry")
                != LocationID.derived(household: F.home, name: "Fridge"))
    }

    @Test("a unit id is the UUIDv5 of its semantic key in the unit namespace")
    func unitDerivation() {
        let expected = InventoryIDGenerator.generate(for: .unit, semanticName: "kg").uuidString.lowercased()
        #expect(UnitID.derived(name: " KG ").rawValue == expected)
    }

    @Test("a split lot id is uuidV5(entry id, \"split-<n>\"), stable and distinct per index")
    func splitIDs() throws {
        let entry = try #require(UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        let expected = InventoryIDGenerator.uuidV5(namespace: entry, name: "split-1").uuidString.lowercased()
        #expect(LotID.split(entry: entry, index: 1).rawValue == expected)
        #expect(LotID.split(entry: entry, index: 1) != LotID.split(entry: entry, index: 2))
    }

    @Test("UUID-based ids parse UUID text and refuse anything else")
    func uuidIDs() throws {
        let text = "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"
        #expect(try TransactionID(parsing: text).description == text.lowercased())
        #expect(throws: InventoryIDError.notAUUID(.transaction, "nope")) { try TransactionID(parsing: "nope") }
        #expect(throws: InventoryIDError.notAUUID(.correlation, "")) { try CorrelationID(parsing: "") }
    }

    @Test("string ids order by UTF-8 bytes")
    func ordering() throws {
        #expect(try LotID("B") < LotID("a"))
        #expect(try LotID("a") < LotID("ab"))
    }
}
