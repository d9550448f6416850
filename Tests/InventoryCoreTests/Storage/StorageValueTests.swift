import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

@Suite("Storage values reject bad input with typed errors")
struct StorageValueTests {
    @Test("record ids accept any printable text, including path characters", arguments: [
        "0012345678905", "prd_1f0c", "../../etc/passwd", "a/b", "ünï cødé", String(repeating: "x", count: 512),
    ])
    func validIDs(_ raw: String) throws {
        #expect(try RecordID(raw).rawValue == raw)
        #expect(RecordID(rawValue: raw)?.rawValue == raw)
    }

    @Test("record ids reject empty, oversized and control-character text", arguments: [
        ("", "empty"), (String(repeating: "x", count: 513), "513 bytes"), ("a\u{0}b", "control"), ("line\nbreak", "control"),
    ])
    func invalidIDs(_ raw: String, _ reason: String) {
        #expect(RecordID(rawValue: raw) == nil)
        do {
            _ = try RecordID(raw)
            Issue.record("\(raw.debugDescription) was accepted")
        } catch {
            guard case .invalidIdentifier(_, let message) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(message.contains(reason))
            #expect(error.description.hasPrefix("invalid id"))
        }
    }

    @Test("a record id is refused exactly when it holds a scalar of general category Cc, for every scalar")
    func controlCharactersMatchUnicode() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // Each scalar between letters and after a two-byte character, so its UTF-8 bytes sit among others.
            let raw = "a\(Character(scalar))é"
            let isControl = scalar.properties.generalCategory == .control
            if (RecordID(rawValue: raw) == nil) != isControl { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "mismatched scalars: \(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("UUID record ids are lowercase and never fail")
    func uuidIDs() throws {
        let uuid = try #require(UUID(uuidString: "F21E6E0C-DE96-52F9-86E3-7C122CFF3A48"))
        #expect(RecordID(uuid).rawValue == "f21e6e0c-de96-52f9-86e3-7c122cff3a48")
    }

    @Test("record ids decode through validation")
    func idDecoding() throws {
        let decoded = try JSONDecoder().decode([RecordID].self, from: Data(#"["a","b"]"#.utf8))
        #expect(decoded.map(\.rawValue) == ["a", "b"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RecordID].self, from: Data(#"[""]"#.utf8)) }
    }

    @Test("collection names follow the table-name rules", arguments: [
        ("products", true), ("inventory-assets", true), ("v2.outbox_entries", true), ("", false), ("9lives", false),
        ("../escape", false), ("has space", false), ("ünicode", false), (String(repeating: "a", count: 65), false),
    ])
    func collectionNames(_ name: String, _ valid: Bool) {
        #expect((RecordCollection(rawValue: name) != nil) == valid)
        #expect(((try? RecordCollection(name)) != nil) == valid)
        if valid {
            #expect(RecordCollection(stringLiteral: name).isValid)
        } else {
            #expect(throws: StorageError.self) { try RecordCollection(name) }
        }
    }

    @Test("an invalid collection literal stops the program where it is written, never reaching a store")
    func invalidLiteralStops() async {
        await #expect(processExitsWith: .failure) {
            let escape: RecordCollection = "../escape"
            _ = escape.rawValue
        }
    }

    @Test("field values order null, then numbers of every kind, then strings by bytes", arguments: [
        (FieldValue.null, FieldValue.bool(false), -1),
        (.bool(true), .int(1), 0),
        (.int(1), .double(1.0), 0),
        (.int(2), .double(1.5), 1),
        (.date(Date(timeIntervalSinceReferenceDate: 5)), .int(5), 0),
        (.int(Int64.max), .string(""), -1),
        (.string("B"), .string("a"), -1),
        (.string("é"), .string("z"), 1),
        (.double(.nan), .null, 0),
    ])
    func fieldOrder(_ lhs: FieldValue, _ rhs: FieldValue, _ expected: Int) {
        #expect(FieldValue.compare(lhs, rhs).signum() == expected)
        #expect(FieldValue.compare(rhs, lhs).signum() == -expected)
    }

    @Test("a cursor survives its token and garbage tokens are rejected")
    func cursorTokens() throws {
        let cursor = RecordCursor(
            sort: [.descending("updatedAt"), .ascending("title")], values: [.date(Date.fixtureEpoch), .string("Milk/½")],
            lastID: try RecordID("0012345678905"))
        let token = cursor.token
        #expect(!token.contains("/") && !token.contains("+") && !token.contains("="))
        #expect(try RecordCursor(token: token) == cursor)
        for garbage in ["", "%%%", "bm90IGpzb24", String(repeating: "A", count: 20_000)] {
            #expect(throws: StorageError.self) { try RecordCursor(token: garbage) }
        }
    }

    @Test("queries with a bad limit, an empty sort field or a foreign cursor are invalid")
    func queryValidation() throws {
        #expect(throws: StorageError.invalidQuery(reason: "limit 0 is outside 1...10000")) {
            try RecordQuery(limit: 0).validate()
        }
        #expect(throws: StorageError.self) { try RecordQuery(limit: 10_001).validate() }
        #expect(throws: StorageError.self) { try RecordQuery(sort: [.ascending("")]).validate() }
        let foreign = RecordCursor(sort: [.ascending("title")], values: [.null], lastID: try RecordID("x"))
        #expect(throws: StorageError.self) { try RecordQuery(sort: [.ascending("brand")], cursor: foreign).validate() }
        try RecordQuery(sort: [.ascending("title")], cursor: foreign).validate()
    }

    @Test("precondition failures say what was expected and found")
    func errorMessages() throws {
        let error = StorageError.preconditionFailed(
            collection: "products", id: try RecordID("p1"), expected: .revision(3), actualRevision: 4)
        #expect(error.description == "write to products/p1 expected revision 3 but found revision 4; nothing in the batch was written")
        #expect(error.errorDescription == error.description)
    }
}
