import ArgumentParser
import Foundation
import InventoryModule

/// `pantry due`: the lots already past their due date (overdue, expired: due now), then the household's reminders
/// (due soon, due today, overdue, expired, below minimum stock) that fire in the coming days, at the reminder time on
/// the household's calendar. Open over-draws (a sync found a consumption asked for stock another device had taken)
/// are listed first, as due now, until `pantry stock settle` settles them.
struct DueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List what is past due now, then upcoming reminders: due soon, due today, overdue, expired, below minimum stock.")
    @OptionGroup var options: StoreOptions
    @OptionGroup var window: ReminderWindow

    func run() async throws {
        let (now, end, schedule) = try window.resolved()
        let environment = try await PantryEnvironment.open(options, access: .read)
        let state = try await environment.inventory.state(of: environment.household)
        let reminders = state.upcomingReminders(in: environment.household, from: now, through: end, schedule: schedule)
        let lots = state.overdue(now: now) + state.expired(now: now)
        let names = try await ProductTitles(
            of: reminders.map(\.productID) + lots.map(\.productID) + state.openOverdraws.map(\.productID), in: environment)
        let overdraws = OverdrawLine.lines(state, titles: names)
        await environment.close()
        let rows = overdraws.map { DueRow(overdrawn: $0, household: environment.household) }
            + DueRow.rows(state: state, household: environment.household, now: now, reminders: reminders, titles: names)
        if options.json {
            try Output.json(["reminders": rows])
        } else {
            let zone = state.timeZone(of: environment.household)
            for line in overdraws { print("over-drawn: \(line.text(in: zone))") }
            Output.table(
                ["when", "kind", "product", "due", "amount"],
                rows.filter { $0.overdraw == nil }.map { row in
                    [row.at.map { Output.localTime($0, in: zone) } ?? "now", row.phrase, row.title, row.due ?? "-", row.amount]
                })
        }
        Output.damage(names.damaged)
    }
}
