import Foundation
import InventoryKit
import InventoryModule
import Testing

/// Journals of earlier versions stored due dates as instants and kept their UTC day; new entries stay readable by
/// those versions.
@Suite("Due dates across versions: old instants decode as their UTC day, new entries carry the old form too")
struct LegacyDueDateCodingTests {
    /// 2026-03-10 16:00 UTC (Singapore's midnight of 11 March): an earlier version kept 10 March.
    static let instant = Date(timeIntervalSince1970: 1_773_158_400)

    /// The specification as earlier versions read it: `date` only.
    struct OldSpecification: Decodable {
        var type: String
        var date: Date
    }

    @Test("an old purchase's due instant decodes as its UTC day")
    func oldSpecification() throws {
        let json = Data(#"{"type":"on","date":\#(Self.instant.timeIntervalSinceReferenceDate)}"#.utf8)
        let decoded = try RecordCoding.decode(DueDateSpecification.self, from: json)
        #expect(decoded == .on(try CalendarDay(year: 2026, month: 3, day: 10)))
    }

    @Test("an old lot edit's due instant (and a clear) decodes as its UTC day")
    func oldEdit() throws {
        let lot = LotID(UUID())
        let set = Data(#"{"lotId":"\#(lot.rawValue)","dueDate":{"type":"set","value":\#(Self.instant.timeIntervalSinceReferenceDate)}}"#.utf8)
        #expect(try RecordCoding.decode(EditLotPayload.self, from: set).dueDate == .set(try CalendarDay(year: 2026, month: 3, day: 10)))
        let clear = Data(#"{"lotId":"\#(lot.rawValue)","dueDate":{"type":"clear"}}"#.utf8)
        #expect(try RecordCoding.decode(EditLotPayload.self, from: clear).dueDate == .clear)
    }

    @Test("a new specification still carries the instant an earlier version reads, whose UTC day is the same day")
    func readableByOldVersions() throws {
        let day = try CalendarDay(year: 2026, month: 3, day: 11)
        let data = try RecordCoding.encode(DueDateSpecification.on(day))
        let old = try RecordCoding.decode(OldSpecification.self, from: data)
        #expect(CalendarDay(utcDayOf: old.date) == day)
        #expect(try RecordCoding.decode(DueDateSpecification.self, from: data) == .on(day))
        let edit = try RecordCoding.encode(EditLotPayload(lotID: LotID(UUID()), dueDate: .set(day)))
        #expect(try RecordCoding.decode(EditLotPayload.self, from: edit).dueDate == .set(day))
    }

    @Test("a lot stored by an earlier version (due date as an instant) decodes with that UTC day")
    func oldLot() throws {
        let lot = StockLot(
            id: LotID(UUID()), householdID: HouseholdID(UUID()), productID: try ProductReference("milk"), quantity: 1,
            unit: UnitID.derived(name: "l"), dueDate: try CalendarDay(year: 2026, month: 3, day: 11),
            purchasedAt: Self.instant, locationID: LocationID(UUID()))
        var object = try #require(try JSONSerialization.jsonObject(with: RecordCoding.encode(lot)) as? [String: Any])
        object["dueDate"] = Self.instant.timeIntervalSinceReferenceDate   // the form of earlier versions
        let old = try JSONSerialization.data(withJSONObject: object)
        #expect(try RecordCoding.decode(StockLot.self, from: old).dueDate == (try CalendarDay(year: 2026, month: 3, day: 10)))
    }
}
