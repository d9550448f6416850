import Foundation
import InventorySync

/// One module's part of `pantry sync --json`: the counts of its pass as numbers (the ones `pantry status` keeps,
/// ``PantryLastSync/Counts``), whether the remote answered, and why the pass stopped or a pull failed.
struct SyncModuleSummary: Encodable {
    /// The pass's counts.
    var counts: PantryLastSync.Counts
    /// Whether the remote was reachable when the pass started.
    var online: Bool
    /// Why the pass stopped early, if it did.
    var stoppedBy: String?
    /// The pulls that failed, one line each.
    var pullFailures: [String]

    /// The summary of a module's pass.
    init<Scope: Hashable & Sendable>(_ report: SyncReport<Scope>) {
        counts = PantryLastSync.Counts(report)
        online = report.wasOnline
        stoppedBy = report.stoppedBy.map { "\($0)" }
        pullFailures = report.pullFailures.map { "\($0.key): \($0.value)" }.sorted()
    }

    private enum CodingKeys: String, CodingKey {
        case online, stoppedBy, pullFailures
    }

    /// The counts as members of the module's object, beside `online`, `stoppedBy` and `pullFailures`.
    func encode(to encoder: any Encoder) throws {
        try counts.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(online, forKey: .online)
        try container.encodeIfPresent(stoppedBy, forKey: .stoppedBy)
        try container.encode(pullFailures, forKey: .pullFailures)
    }
}
