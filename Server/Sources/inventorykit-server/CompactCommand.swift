import ArgumentParser
import Foundation
import Logging
import SyncServer

/// `compact`: applies the retention of superseded changes, one household (one transaction) at a time.
struct CompactCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Remove superseded product and named-entity changes and product tombstones older than the retention.",
        discussion: """
            Journal changes are kept. Devices whose cursor is older than a household's new horizon get \
            resync_required (410) and reconcile from a pull that starts at 0; deleted products stay deleted.
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Option(name: .customLong("older-than-days"), help: "Compact changes stored more than this many days ago.")
    var olderThanDays: Int = 30

    func validate() throws {
        guard olderThanDays >= 0 else { throw ValidationError("--older-than-days must not be negative.") }
    }

    func run() async throws {
        let logger = Logger(label: "inventorykit-server")
        let cutoff = Date().addingTimeInterval(-Double(olderThanDays) * 86_400)
        let removed = try await database.withStore(logger: logger) { _, store in
            var removed: [(HouseholdID, Int64, Int)] = []
            for (household, horizon) in try await store.compactionHorizons(before: cutoff) {
                removed.append((household, horizon, try await store.compact(household, through: horizon)))
            }
            return removed
        }
        for (household, horizon, count) in removed {
            print("\(household)\tthrough \(horizon)\tremoved \(count)")
        }
        if removed.isEmpty { print("Nothing older than \(olderThanDays) days.") }
    }
}
