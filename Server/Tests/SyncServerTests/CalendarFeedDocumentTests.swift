import Foundation
import InventoryModule
import InventoryModuleTesting
import SyncServer
import Testing

/// The calendar's entity tag and `If-None-Match` matching, and the window the feed covers, without a database.
struct CalendarFeedDocumentTests {
    static let document = CalendarFeedDocument(text: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")

    @Test func theEntityTagIsTheQuotedSHA256OfTheText() {
        let tag = Self.document.entityTag
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 66)
        #expect(CalendarFeedDocument(text: Self.document.text).entityTag == tag)
        #expect(CalendarFeedDocument(text: Self.document.text + " ").entityTag != tag)
    }

    @Test(arguments: [
        ("TAG", true), ("W/TAG", true), ("\"a\", TAG", true), ("\"a\",W/TAG ,\"b\"", true), ("*", true), (" * ", true),
        ("\"a\"", false), ("", false), ("TAGX", false), ("unquoted", false), ("\"a\", garbage TAG", false),
    ])
    func ifNoneMatchNamesTheDocumentByWeakComparison(field: String, matches: Bool) {
        let tag = Self.document.entityTag
        let value = field.replacingOccurrences(of: "TAGX", with: String(tag.dropLast()) + "x\"")
            .replacingOccurrences(of: "TAG", with: tag)
        #expect(Self.document.isMatched(byIfNoneMatch: value) == matches, "\(value)")
    }

    @Test func theWindowStartsAtTheHouseholdsMidnightAndRunsTheDaysAhead() throws {
        let household = InventoryModule.HouseholdID(UUID())
        var state = InventoryState()
        #expect(state.timeZone(of: household) == .gmt)
        // 2026-03-10T08:00:00Z is 2026-03-10 22:00 in Kiritimati (UTC+14): its day began at 2026-03-09T10:00:00Z.
        let instant = Date(timeIntervalSince1970: 1_773_129_600)
        let utc = CalendarFeedWindow(daysAhead: 365).range(of: household, in: state, at: instant)
        #expect(utc.start == Date(timeIntervalSince1970: 1_773_100_800))
        #expect(utc.end == utc.start.addingTimeInterval(365 * 86_400))
        _ = state.apply(
            .fixture(.createHousehold(name: "Home"), in: household, recordedAt: instant, replica: KitPayloads.replica))
        _ = state.apply(
            .fixture(
                .setHouseholdTimeZone(try HouseholdTimeZone(identifier: "Pacific/Kiritimati")), in: household,
                recordedAt: instant.addingTimeInterval(1), replica: KitPayloads.replica))
        let kiritimati = CalendarFeedWindow().range(of: household, in: state, at: instant)
        #expect(kiritimati.start == Date(timeIntervalSince1970: 1_773_050_400))
    }
}
