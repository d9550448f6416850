import Foundation
import InventoryModule
import InventorySync
import Testing

@Suite("iCalendar feed: RFC 5545 lines, folding, escaping, all-day due dates with stable UIDs")
struct HouseholdCalendarFeedTests {
    static func feed(note: String? = nil) throws -> (String, Kitchen, LotID) {
        var kitchen = try F.kitchen()
        try kitchen.run(.setHouseholdTimeZone(try HouseholdTimeZone(identifier: "Pacific/Kiritimati")))
        let lot = try kitchen.buy(F.milk, 1, due: .on(F.cal(3)))
        if let note { try kitchen.run(.editLot(EditLotPayload(lotID: lot, note: .set(note)))) }
        let state = kitchen.state
        let feed = HouseholdCalendarFeed(
            state: state, household: F.home, stamp: F.t0,
            productName: { $0 == F.milk ? "Vollmilch; frisch, 3,5 % — \\ «Bio» 🥛🥛🥛🥛🥛🥛🥛🥛🥛🥛🥛🥛🥛" : nil })
        return (feed.render(from: F.t0, through: F.t0 + 30 * 86_400), kitchen, lot)
    }

    @Test("every line ends in CRLF and is at most 75 octets; unfolding never splits a UTF-8 sequence")
    func folding() throws {
        let (text, _, _) = try Self.feed(note: "line one\nline two")
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        for line in lines {
            #expect(line.utf8.count <= 75, "\(line)")
            #expect(!line.contains("\n") && !line.contains("\r"))
        }
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:Vollmilch\\; frisch\\, 3\\,5 % — \\\\ «Bio» 🥛"))
        #expect(unfolded.contains("\\nline two"))
    }

    @Test("a due date is an all-day event on its calendar day, with a stable UID and a DTSTAMP")
    func allDayEvent() throws {
        let (text, kitchen, lot) = try Self.feed()
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("DTSTART;VALUE=DATE:20260313\r\nDTEND;VALUE=DATE:20260314"))
        #expect(unfolded.contains("UID:" + HouseholdCalendarFeed.uid(household: F.home, lot: lot)))
        #expect(unfolded.contains("DTSTAMP:20260310T080000Z"))
        // 09:00 in Kiritimati (UTC+14) on 2026-03-13 is 19:00 UTC the day before.
        #expect(unfolded.contains("TRIGGER;VALUE=DATE-TIME:20260312T190000Z"))
        let again = HouseholdCalendarFeed(state: InventoryProjector.project(kitchen.journal.reversed()), household: F.home, stamp: F.t0)
            .render(from: F.t0, through: F.t0 + 30 * 86_400)
        #expect(again.contains("UID:" + HouseholdCalendarFeed.uid(household: F.home, lot: lot)))
    }
}
