import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import Testing

/// The journal form of settling over-draws: a dismissal, and a correction naming the over-draws it settles. The
/// hand-written JSON must be `JSONEncoder`'s bytes, and a correction that settles nothing keeps its old bytes.
@Suite("Over-draw journal JSON")
struct OverdrawJournalJSONTests {
    static let short = UUID(uuidString: "6A1D3C1E-52C4-4C55-9B0A-3F0E8A1B2C3D") ?? UUID()
    static let other = UUID(uuidString: "00000000-0000-4000-8000-00000000000A") ?? UUID()

    static func correction(settling: [UUID]?) -> InventoryOperation {
        .correct(
            CorrectionPayload(
                productID: ServiceFixtures.products[0], amount: 1,
                unit: UnitID.derived(name: "piece"), locationID: nil, newLotID: LotID(other), additionLocationID: nil,
                settlesOverdraws: settling))
    }

    @Test("a dismissal writes JSONEncoder's bytes: the over-draw's entry id as the value", arguments: [short, other])
    func dismissalBytesMatchJSONEncoder(id: UUID) throws {
        let entry = JournalCodingTests.entry(.dismissOverdraw(id))
        let bytes = try RecordCoding.encode(entry)
        #expect(bytes == (try RecordCoding.encodeWithFoundation(entry)))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#"{"type":"dismissOverdraw","value":"\#(id.uuidString)"}"#))
        #expect(try RecordCoding.decode(InventoryJournalEntry.self, from: bytes) == entry)
    }

    @Test("a settling correction writes JSONEncoder's bytes with its over-draws; one settling none writes no new member",
          arguments: [nil, [], [short], [short, other]] as [[UUID]?])
    func correctionBytesMatchJSONEncoder(settling: [UUID]?) throws {
        let entry = JournalCodingTests.entry(Self.correction(settling: settling))
        let bytes = try RecordCoding.encode(entry)
        #expect(bytes == (try RecordCoding.encodeWithFoundation(entry)))
        #expect(String(decoding: bytes, as: UTF8.self).contains("settlesOverdraws") == (settling != nil))
        #expect(try RecordCoding.decode(InventoryJournalEntry.self, from: bytes) == entry)
    }

    @Test("a dismissal can be undone (undoing it reopens the over-draw)")
    func dismissalIsUndoable() {
        #expect(InventoryOperationKind.dismissOverdraw.isUndoable)
    }
}
