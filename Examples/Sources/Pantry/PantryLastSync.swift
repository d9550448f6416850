import Foundation
import InventoryKit
import InventorySync

/// The last successful sync of a pantry, kept in its own store (user metadata, collection `pantry-settings`) for
/// `pantry status`: when it ended, with what, and what each module did.
struct PantryLastSync: StorableRecord, Equatable {
    static let collection: RecordCollection = "pantry-settings"
    /// The one record's id.
    private static var id: RecordID { get throws { try RecordID("last-sync") } }

    /// What one module's pass did.
    struct Counts: Codable, Equatable, Sendable {
        var pushed, pulled, conflicts, failed, quarantined, remaining: Int

        /// The counts of a pass's report.
        init<Scope>(_ report: SyncReport<Scope>) {
            pushed = report.pushed
            pulled = report.pulled
            conflicts = report.conflicts
            failed = report.failed
            quarantined = report.quarantined
            remaining = report.remaining
        }

        /// A one-line summary.
        var summary: String {
            "pushed \(pushed), pulled \(pulled), conflicts \(conflicts), failed \(failed), quarantined \(quarantined), "
                + "remaining \(remaining)"
        }
    }

    /// When the sync ended.
    var at: Date
    /// What the pantry synced with: the server's API root, or the path of the store given to `--remote`.
    var remote: String
    /// What the product catalog's pass did.
    var products: Counts
    /// What the household inventory's pass did.
    var inventory: Counts

    var recordID: RecordID { get throws { try Self.id } }

    /// Whether a pass counts as a successful sync: the remote was reached, did not stop it, and every scope pulled.
    static func succeeded<Scope>(_ report: SyncReport<Scope>) -> Bool {
        report.wasOnline && report.stoppedBy == nil && report.pullFailures.isEmpty
    }

    /// The last successful sync saved in a store, or `nil` when there was none.
    ///
    /// - Throws: a storage error.
    static func load(from storage: any StorageProvider) async throws -> PantryLastSync? {
        try await storage.userMetadata.load(PantryLastSync.self, id: try id)
    }

    /// Saves this sync as the store's last successful one.
    ///
    /// - Throws: a storage error.
    func save(in storage: any StorageProvider) async throws {
        try await storage.userMetadata.save(self)
    }
}
