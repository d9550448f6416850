import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryModule
import NIOCore
import SyncServer
import Testing
import ThrowawayPostgres

/// The served feed read by a real iCalendar parser nobody here wrote: Python's `icalendar` (PyPI), in the
/// virtual environment `scripts/check-icalendar` makes at the repository root (`.venv-icalendar`), which
/// `scripts/test` runs before the Server tests.
///
/// Without the environment the test is skipped on a developer's machine, but runs and fails in CI (`CI=true`):
/// there it must never pass unrun.
@Suite(.serialized)
struct CalendarFeedICalendarTests {
    /// `.venv-icalendar/bin/python` at the repository root.
    static let python: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SyncServerTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // Server
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent(".venv-icalendar/bin/python").path

    static var pythonIsInstalled: Bool { FileManager.default.isExecutableFile(atPath: python) }
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true" }

    /// Parses a calendar file with `icalendar` and prints its events as JSON: UID → start, end, whether the start
    /// is a DATE (all-day), summary (unescaped by the parser).
    static let parser = """
        import json, sys, datetime
        import icalendar
        raw = open(sys.argv[1], "rb").read()
        calendar = icalendar.Calendar.from_ical(raw)
        events = {}
        for event in calendar.walk("VEVENT"):
            start = event.decoded("DTSTART")
            events[str(event["UID"])] = {
                "start": start.isoformat(), "end": event.decoded("DTEND").isoformat(),
                "allDay": type(start) is datetime.date, "summary": str(event["SUMMARY"]),
            }
        print(json.dumps({"timeZone": str(calendar.get("X-WR-TIMEZONE")), "events": events}))
        """

    struct Parsed: Decodable {
        struct Event: Decodable, Equatable {
            var start: String
            var end: String
            var allDay: Bool
            var summary: String
        }

        var timeZone: String
        var events: [String: Event]
    }

    @Test(
        .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"),
        .enabled(if: pythonIsInstalled || isCI, "no .venv-icalendar at the repository root (scripts/check-icalendar makes it)"))
    func pythonsICalendarParsesTheServedFeedWithItsEventsAndTitles() async throws {
        #expect(Self.pythonIsInstalled, "CI must have .venv-icalendar: scripts/test runs scripts/check-icalendar first")
        try #require(Self.pythonIsInstalled)
        try await withSyncServer(views: { JournalFoldingViews(store: $0) }) { server in
            let (household, token, _) = try await server.household()
            let (journal, milkLot, eggsLot) = try await CalendarFeedTests.stockedHousehold(household, token: token, server: server)
            let (_, feedToken) = try await server.store.addFeed(to: household, label: nil)
            let response = try await server.calendar(household, feed: feedToken.rawValue)
            #expect(response.status == .ok)

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ikfeed-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let feedFile = folder.appendingPathComponent("household.ics")
            let scriptFile = folder.appendingPathComponent("parse.py")
            try Data(response.body.readableBytesView).write(to: feedFile)
            try Data(Self.parser.utf8).write(to: scriptFile)
            let output = try PostgresCluster.run(Self.python, [scriptFile.path, feedFile.path])
            let parsed = try JSONDecoder().decode(Parsed.self, from: Data(output.utf8))

            #expect(parsed.timeZone == "Pacific/Kiritimati")
            let milk = HouseholdCalendarFeed.uid(household: journal.household, lot: milkLot)
            let eggs = HouseholdCalendarFeed.uid(household: journal.household, lot: eggsLot)
            #expect(Set(parsed.events.keys) == [milk, eggs])
            #expect(parsed.events[milk] == Parsed.Event(
                start: "2026-03-13", end: "2026-03-14", allDay: true, summary: CalendarFeedTests.hostileTitle + ": best before"))
            #expect(parsed.events[eggs] == Parsed.Event(
                start: "2026-03-20", end: "2026-03-21", allDay: true, summary: "Eggs, free range: best before"))
        }
    }
}
