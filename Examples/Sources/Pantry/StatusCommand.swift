import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule

/// `pantry status`: what waits to sync, what is stuck, when the pantry last synced and with which server, and the
/// over-draws a sync brought (consumptions that asked for stock another device had taken) until they are settled.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show pending and quarantined changes per module, the last successful sync, the server, household and open over-draws.",
        discussion: "The token saved by `pantry household join` is never printed; status only says whether one is saved.")
    @OptionGroup var options: StoreOptions

    /// What `status --json` prints.
    struct Report: JSONObjectOutput {
        /// One module's outbox.
        struct Module: Encodable {
            var pending: Int
            var quarantined: [OutboxChange]
        }

        var server: String?
        var tokenSaved: Bool
        var household: String
        var products: Module
        var inventory: Module
        var categories: Module
        var lastSync: PantryLastSync?
        var overdraws: [OverdrawLine]
    }

    func run() async throws {
        let environment = try await PantryEnvironment.open(options, access: .read)
        let report: Report
        let zone: TimeZone
        do {
            let state = try await environment.inventory.state(of: environment.household)
            zone = state.timeZone(of: environment.household)
            let titles = try await ProductTitles(of: state.openOverdraws.map(\.productID), in: environment)
            let settings = try await PantrySettings.load(from: environment.storage)
            let products = try await environment.products.quarantinedChanges().map { OutboxChange($0.entry) }
            let inventory = try await environment.inventory.quarantinedEntries().map { OutboxChange($0.entry) }
            let categories = try await environment.namedEntities.quarantined().map { OutboxChange($0.entry) }
            report = Report(
                server: settings.server, tokenSaved: settings.token != nil, household: environment.household.rawValue,
                products: Report.Module(pending: try await environment.products.pendingCount(), quarantined: products),
                inventory: Report.Module(pending: try await environment.inventory.pendingCount(), quarantined: inventory),
                categories: Report.Module(pending: try await environment.namedEntities.pendingCount(), quarantined: categories),
                lastSync: try await PantryLastSync.load(from: environment.storage),
                overdraws: OverdrawLine.lines(state, titles: titles))
        } catch {
            await environment.close()
            throw error
        }
        await environment.close()
        if options.json { return try Output.json(report) }
        let server = report.server.map { Output.terminalSafe($0) + (report.tokenSaved ? " (token saved)" : "") }
        print("server:      \(server ?? "none (`pantry household join` saves one)")")
        print("household:   \(report.household)")
        if let last = report.lastSync {
            print("last sync:   \(Self.timestamp(last.at)) with \(Output.terminalSafe(last.remote))")
            print("  products:  \(last.products.summary)")
            print("  inventory: \(last.inventory.summary)")
        } else {
            print("last sync:   never")
        }
        print(
            "pending:     products \(report.products.pending), inventory \(report.inventory.pending), "
                + "categories \(report.categories.pending)")
        let quarantined = report.products.quarantined + report.inventory.quarantined + report.categories.quarantined
        print("quarantined: \(quarantined.count)\(quarantined.isEmpty ? "" : " (`pantry outbox requeue ID` or `discard ID`)")")
        for change in quarantined {
            let attempts = "\(change.attempts) attempt\(change.attempts == 1 ? "" : "s")"
            print(
                "  \(change.id) \(change.module) \(Output.terminalSafe(change.change)) (after \(attempts)): "
                    + Output.terminalSafe(change.lastError ?? ""))
        }
        print("over-drawn:  \(report.overdraws.count)\(report.overdraws.isEmpty ? "" : " (`pantry stock settle ID --dismiss` or `--count N`)")")
        for line in report.overdraws { print("  \(line.text(in: zone))") }
    }

    /// A time as `2026-11-22 14:03:10 UTC`.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }
}
