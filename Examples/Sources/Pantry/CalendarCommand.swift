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
        let names = try await ProductTitles(of: state.lots.values.map(\.productID), in: environment)
        await environment.close()
        let titles = names.titles
        let feed = HouseholdCalendarFeed(
            state: state, household: environment.household, stamp: now, schedule: schedule,
            productName: { titles[$0.rawValue] })
        let text = feed.render(from: now, through: end)
        if options.json {
            // The feed is iCalendar text; --json wraps it, so a script reading JSON from every command reads it too.
            struct Answer: Encodable {
                var format: String
                var calendar: String
            }
            try Output.json(Answer(format: "text/calendar", calendar: text))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        Output.damage(names.damaged)
    }
}
