import ArgumentParser
import Foundation
import InventoryModule

/// The reminders' window and time of day: `--days` ahead (14 unless given), at `--at` on the household's calendar.
struct ReminderWindow: ParsableArguments {
    @Option(help: "How many days ahead: reminders and the calendar's events up to that day (overdue ones stay).")
    var days: Int = 14
    @Option(help: "The reminder time, HH:mm on the household's calendar.") var at: String = "09:00"

    /// Now, the end of the window and the schedule.
    func resolved() throws -> (Date, Date, ReminderSchedule) {
        guard (0...3_650).contains(days) else { throw PantryError.invalidArgument("--days takes 0 to 3650") }
        let schedule = try reminderSchedule(at)
        let now = Date()
        return (now, now + Double(days) * 86_400, schedule)
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
