import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import Testing

/// `RecordCoding.encode` of a journal entry writes it by hand; the bytes must be `JSONEncoder`'s.
@Suite("Journal entry JSON")
struct InventoryJournalEntryJSONTests {
    /// Entries generated per operation kind.
    static let entriesPerKind = 200

    /// Every member the generated entries must have written at least once, as `<type>.<key>` (`entry` for the
    /// entry's own members), so each optional member is seen present (and, drawn at random, absent).
    static let expectedMembers: Set<String> = [
        "entry.idempotencyKey", "createHousehold.name", "createHousehold.timeZone",
        "purchase.barcode", "purchase.dueDateProvenance", "purchase.note", "purchase.packagedOn",
        "purchase.packagedOnProvenance", "purchase.price", "open.openedOn", "open.openedOnProvenance",
        "correct.additionLocationId", "correct.locationId", "correct.price", "correct.settlesOverdraws",
        "editLot.dueDate", "editLot.dueDay",
        "editLot.locationId", "editLot.note", "editLot.opened", "editLot.openedOn", "editLot.openedOnProvenance",
        "editLot.packagedOn", "editLot.packagedOnProvenance", "editLot.price", "provenance.confidence",
        "provenance.rawText", "dueDate.day", "scope.id",
    ]

    @Test("Generated entries of every operation write JSONEncoder's bytes and read back equal")
    func handWrittenEntriesMatchJSONEncoder() throws {
        var generator = JournalEntryGenerator(seed: 2_026)
        var members: Set<String> = []
        var count = 0
        for round in 0..<Self.entriesPerKind {
            for kind in InventoryOperationKind.allCases {
                let entry = generator.entry(kind)
                #expect((entry as Any) is any RecordJSONWritable, "RecordCoding must take the hand-written path")
                let handWritten = try RecordCoding.encode(entry)
                let foundation = try RecordCoding.encodeWithFoundation(entry)
                #expect(
                    handWritten == foundation,
                    "\(kind) \(round):\n\(String(decoding: handWritten, as: UTF8.self))\n\(String(decoding: foundation, as: UTF8.self))")
                #expect(try RecordCoding.decode(InventoryJournalEntry.self, from: handWritten) == entry, "\(kind) \(round)")
                members.formUnion(try Self.members(of: handWritten))
                count += 1
            }
        }
        #expect(count >= 2_000)
        #expect(Self.expectedMembers.subtracting(members).isEmpty, "never written: \(Self.expectedMembers.subtracting(members))")
    }

    @Test("A NaN amount is refused or written alike on both paths")
    func nanAmountsMatchJSONEncoder() {
        var generator = JournalEntryGenerator(seed: 7)
        var entry = generator.entry(.consume)
        entry.operation = .consume(ConsumePayload(productID: F.milk, amount: .nan, unit: F.litre))
        let handWritten = Result { try RecordCoding.encode(entry) }
        let foundation = Result { try RecordCoding.encodeWithFoundation(entry) }
        switch (handWritten, foundation) {
        case (.success(let hand), .success(let expected)): #expect(hand == expected)
        case (.failure(let hand), .failure(let expected)): #expect(type(of: hand) == type(of: expected))
        default: Issue.record("the paths disagree: \(handWritten) against \(foundation)")
        }
    }

    @Test("A date that is not finite is refused on the hand-written path too")
    func nonFiniteDatesAreRefused() {
        var generator = JournalEntryGenerator(seed: 8)
        var entry = generator.entry(.undo)
        entry.recordedAt = Date(timeIntervalSinceReferenceDate: .infinity)
        #expect(throws: EncodingError.self) { try RecordCoding.encode(entry) }
        #expect(throws: EncodingError.self) { try RecordCoding.encodeWithFoundation(entry) }
    }

    /// The members of an encoded entry as `<type>.<key>`: the entry's own, the operation value's (under the
    /// operation's type), and those of nested provenances, due dates and scopes.
    private static func members(of data: Data) throws -> Set<String> {
        let entry = try #require(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? [String: Any])
        var members = Set(entry.keys.map { "entry.\($0)" })
        let operation = try #require(entry["operation"] as? [String: Any])
        let type = try #require(operation["type"] as? String)
        guard let value = operation["value"] as? [String: Any] else { return members }
        members.formUnion(value.keys.map { "\(type).\($0)" })
        for (key, nested) in value {
            guard let object = nested as? [String: Any] else { continue }
            let name =
                key.hasSuffix("Provenance") ? "provenance" : key == "dueDate" && type != "editLot" ? "dueDate" : key
            members.formUnion(object.keys.map { "\(name).\($0)" })
        }
        return members
    }
}
