import Foundation
import InventorySync

/// One module's part of `pantry sync --json`: the counts of its pass as numbers, whether the remote answered, and
/// why the pass stopped or a pull failed (one line each).
struct SyncModuleSummary: Encodable {
    var pushed, pulled, conflicts, failed, quarantined, remaining: Int
    /// Whether the remote was reachable when the pass started.
    var online: Bool
    /// Why the pass stopped early, if it did.
    var stoppedBy: String?
    /// The pulls that failed, one line each.
    var pullFailures: [String]

    /// The summary of a module's pass.
    init<Scope: Hashable & Sendable>(_ report: SyncReport<Scope>) {
        pushed = report.pushed
        pulled = report.pulled
        conflicts = report.conflicts
        failed = report.failed
        quarantined = report.quarantined
        remaining = report.remaining
        online = report.wasOnline
        stoppedBy = report.stoppedBy.map { "\($0)" }
        pullFailures = report.pullFailures.map { "\($0.key): \($0.value)" }.sorted()
    }
}
