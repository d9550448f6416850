import ArgumentParser
import Foundation
import InventoryModule

/// `pantry calendar > household.ics`: the household's due dates and reminders as an RFC 5545 iCalendar feed.
struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar", abstract: "Print the household's due dates and reminders as iCalendar (.ics).")
    @OptionGroup var options: StoreOptions
    @OptionGroup var window: ReminderWindow

    func run() async throws {
        let (now, end, schedule) = try window.resolved()
        let environment = try await PantryEnvironment.open(options, access: .read)
        let state = try await environment.inventory.state(of: environment.household)
        // Every product the feed can name: those in stock, and those below their minimum with none left.
        let names = try await ProductTitles(
            of: state.lots.values.map(\.productID) + state.belowMinimumStock().map(\.productID), in: environment)
        await environment.close()
        let titles = names.titles
        let feed = HouseholdCalendarFeed(
            state: state, household: environment.household, stamp: now, schedule: schedule,
            productName: { titles[$0.rawValue] })
        let last = state.today(in: environment.household, at: now).adding(days: window.days)
        let text = Self.events(in: feed.render(from: now, through: end), through: last)
        if options.json {
            // The feed is iCalendar text; --json wraps it, so a script reading JSON from every command reads it too.
            struct Answer: JSONObjectOutput {
                var format: String
                var calendar: String
            }
            try Output.json(Answer(format: "text/calendar", calendar: text))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        Output.damage(names.damaged)
    }

    /// The feed without the events of days after `last` (the kit's feed holds every lot with a due date): what is
    /// due in the window and before it (overdue and expired lots stay).
    static func events(in feed: String, through last: CalendarDay) -> String {
        let end = "END:VCALENDAR\r\n"
        guard feed.hasSuffix(end) else { return feed }
        let begin = "BEGIN:VEVENT\r\n"
        var parts = String(feed.dropLast(end.count)).components(separatedBy: begin)
        let head = parts.removeFirst()
        let limit = last.description.replacingOccurrences(of: "-", with: "")
        let kept = parts.filter { event in
            guard let start = event.range(of: "DTSTART;VALUE=DATE:") else { return true }
            return String(event[start.upperBound...].prefix(8)) <= limit
        }
        return head + kept.map { begin + $0 }.joined() + end
    }
}
