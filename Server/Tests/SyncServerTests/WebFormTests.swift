import Foundation
import InventoryModule
import Testing

@testable import SyncServer

/// The web app's small pure parts: forms as browsers send them, amounts as people type them, due badges in
/// calendar days.
struct WebFormTests {
    @Test func formsDecodePercentEscapesAndPlusesAndKeepTheFirstOfARepeatedName() throws {
        let form = try WebForm.parse("note=%3Cb%3Eoat+milk%3C%2Fb%3E&amount=2%2C5&note=second&empty=&csrf=a%2Bb")
        #expect(form["note"] == "<b>oat milk</b>")
        #expect(form["amount"] == "2,5")
        #expect(form["empty"] == "")
        #expect(form.text("empty") == nil)
        #expect(form["csrf"] == "a+b")
        #expect(throws: WebForm.Problem.malformed) { try WebForm.parse("note=%E0%A4%A") }
    }

    @Test func amountsAreReadFromTheirTextNeverThroughDouble() {
        #expect(WebForm.amount("2") == 2)
        #expect(WebForm.amount(" 0.5 ") == Decimal(string: "0.5"))
        #expect(WebForm.amount("1,25") == Decimal(string: "1.25"))
        #expect(WebForm.amount("0.1234567891") == Decimal(string: "0.1234567891"))
        for bad in ["", "-1", "1e3", "two", "1.2.3", "1,2,3", ".5", "5.", "12345678901234", "0.12345678901", "NaN", "١٢"] {
            #expect(WebForm.amount(bad) == nil, "\(bad) is refused")
        }
    }

    @Test func dueBadgesCountTheHouseholdsCalendarDays() throws {
        let today = try CalendarDay(year: 2026, month: 11, day: 27)
        let cases: [(Int, DueDateKind, String, String)] = [
            (-3, .expiry, "Expired 3 days ago", "expired"), (-1, .expiry, "Expired 1 day ago", "expired"),
            (-2, .bestBefore, "Overdue by 2 days", "overdue"), (0, .expiry, "Due today", "soon"),
            (1, .bestBefore, "Due tomorrow", "soon"), (5, .bestBefore, "Due in 5 days", "soon"),
            (6, .bestBefore, "Due 2026-12-03", "later"),
        ]
        for (offset, kind, text, tone) in cases {
            let badge = WebLotRow.badge(due: today.adding(days: offset), kind: kind, today: today)
            #expect(badge.text == text && badge.tone == tone, "\(offset) days, \(kind)")
        }
    }

    @Test func pathSegmentsEscapeSlashesAndPercents() {
        #expect(WebPaths.segment("a/b") == "a%2Fb")
        #expect(WebPaths.segment("50%off") == "50%25off")
        #expect(WebPaths.segment("plain-id_1") == "plain-id_1")
        #expect(WebPaths.segment("a?b#c") == "a%3Fb%23c")
    }

    @Test func csrfTokensCompareWholly() {
        let session = MemberSession(
            householdID: HouseholdID(UUID()), memberID: MemberID(UUID()), name: "Ana", csrfToken: "abcdef")
        #expect(session.acceptsCSRFToken("abcdef"))
        #expect(!session.acceptsCSRFToken("abcdeg"))
        #expect(!session.acceptsCSRFToken("abcde"))
        #expect(!session.acceptsCSRFToken(nil))
        #expect(MemberID(UUID()).replicaName.hasPrefix("web:"))
    }
}
