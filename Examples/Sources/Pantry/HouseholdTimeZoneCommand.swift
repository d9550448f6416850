import ArgumentParser
import Foundation
import InventoryModule

extension HouseholdCommand {
    /// `pantry household timezone [ZONE]`: the household's time zone, shown or changed on purpose.
    struct Zone: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timezone",
            abstract: "Show the household's time zone, or change it (an IANA name such as Europe/Oslo).",
            discussion: """
                The household's time zone is the calendar its due dates, `pantry due` and `pantry calendar` use, on \
                every device. It is the zone of the device that created the household (the first creation, when two \
                devices created it before they synced), until it is changed here; the last change wins on every \
                device once they have synced (`pantry sync`). The machine's own zone ($TZ) only matters to the \
                device that creates the household.
                """)
        @OptionGroup var options: StoreOptions
        @Argument(help: "The new zone, an IANA name (Europe/Oslo, Pacific/Kiritimati). Without it, the zone is shown.")
        var zone: String?

        /// What `--json` prints.
        struct Report: JSONObjectOutput {
            var household: String
            var timeZone: String
            /// The transaction that changed the zone; absent when the zone was only shown.
            var transaction: String?
            /// Whether the household exists in this pantry yet; when not, `timeZone` is the zone the first command
            /// that books here creates it on (this machine's).
            var created: Bool
        }

        func run() async throws {
            // Checked before the store is opened: a zone this system does not know changes nothing.
            let requested = try zone.map { try HouseholdTimeZone(identifier: $0) }
            let environment = try await PantryEnvironment.open(options, access: requested == nil ? .read : .household)
            let report: Report
            do {
                var transaction: TransactionID?
                if let requested {
                    transaction = try await environment.inventory.perform(
                        .setHouseholdTimeZone(requested), in: environment.household
                    ).transactionID
                }
                let state = try await environment.inventory.state(of: environment.household)
                let household = state.households[environment.household]
                report = Report(
                    household: environment.household.rawValue,
                    timeZone: (household?.timeZone ?? HouseholdTimeZone.device).identifier,
                    transaction: transaction?.description, created: household != nil)
            } catch {
                await environment.close()
                throw error
            }
            await environment.close()
            if options.json { return try Output.json(report) }
            let household = Output.terminalSafe(report.household)
            if let transaction = report.transaction {
                print("household \(household) is on \(report.timeZone) now (transaction \(transaction)); `pantry sync` shares it")
            } else if report.created {
                print("household \(household) is on \(report.timeZone)")
            } else {
                print(
                    "household \(household) is not created yet: the first command that books stock creates it on this "
                        + "machine's zone, \(report.timeZone) (a sync pulls it instead when another device created it)")
            }
        }
    }
}
