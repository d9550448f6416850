import ArgumentParser
import Foundation
import InventoryModule

/// `pantry calendar > household.ics`: the household's due dates and reminders as an RFC 5545 iCalendar feed.
struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar", abstract: "Print the household's due dates and reminders as iCalendar (.ics).")
    @OptionGroup var options: StoreOptions
    @Option(help: "Reminders (alarms) of how many days ahead.") var days: Int = 60
    @Option(help: "The reminder time, HH:mm on the household's calendar.") var at: String = "09:00"

    func run() async throws {
        guard (0...3_650).contains(days) else { throw PantryError.invalidArgument("--days takes 0 to 3650") }
        let schedule = try reminderSchedule(at)
        let environment = try await PantryEnvironment.open(options)
        let state = try await environment.inventory.state(of: environment.household)
        let names = try await ProductTitles(of: state.lots.values.map(\.productID), in: environment)
        await environment.close()
        let now = Date()
        let titles = names.titles
        let feed = HouseholdCalendarFeed(
            state: state, household: environment.household, stamp: now, schedule: schedule,
            productName: { titles[$0.rawValue] })
        FileHandle.standardOutput.write(Data(feed.render(from: now, through: now + Double(days) * 86_400).utf8))
        Output.damage(names.damaged)
    }
}
