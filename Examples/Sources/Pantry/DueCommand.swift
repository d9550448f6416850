import ArgumentParser
import Foundation
import InventoryModule

/// `pantry due`: the household's reminders (due soon, due today, overdue, expired, below minimum stock) that fire
/// in the coming days, at the reminder time on the household's calendar.
struct DueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List upcoming reminders: due soon, due today, overdue, expired, below minimum stock.")
    @OptionGroup var options: StoreOptions
    @OptionGroup var window: ReminderWindow

    func run() async throws {
        let (now, end, schedule) = try window.resolved()
        let environment = try await PantryEnvironment.open(options, access: .read)
        let state = try await environment.inventory.state(of: environment.household)
        let reminders = state.upcomingReminders(in: environment.household, from: now, through: end, schedule: schedule)
        let names = try await ProductTitles(of: reminders.map(\.productID), in: environment)
        await environment.close()
        if options.json {
            try Output.json(reminders)
        } else {
            let zone = state.timeZone(of: environment.household)
            Output.table(
                ["when", "kind", "product", "due", "amount"],
                reminders.map { reminder in
                    [Output.localTime(reminder.fireAt, in: zone), reminder.kind.rawValue, names.title(reminder.productID),
                     Output.day(reminder.dueDate), Output.amount(reminder.quantity)]
                })
        }
        Output.damage(names.damaged)
    }
}
