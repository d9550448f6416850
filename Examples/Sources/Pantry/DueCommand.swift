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
    @Option(help: "How many days ahead.") var days: Int = 14
    @Option(help: "The reminder time, HH:mm on the household's calendar.") var at: String = "09:00"

    func run() async throws {
        guard (0...3_650).contains(days) else { throw PantryError.invalidArgument("--days takes 0 to 3650") }
        let schedule = try reminderSchedule(at)
        let environment = try await PantryEnvironment.open(options)
        let state = try await environment.inventory.state(of: environment.household)
        let now = Date()
        let reminders = state.upcomingReminders(
            in: environment.household, from: now, through: now + Double(days) * 86_400, schedule: schedule)
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

/// `HH:mm` as a reminder schedule.
func reminderSchedule(_ text: String) throws -> ReminderSchedule {
    let parts = text.split(separator: ":")
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
        let hour = Int(parts[0]), let minute = Int(parts[1]),
        let schedule = try? ReminderSchedule(hour: hour, minute: minute)
    else { throw PantryError.invalidArgument("\(Output.terminalSafe(text)) is not a time like 09:00") }
    return schedule
}
