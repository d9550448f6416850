import Foundation
import InventoryKit
import InventoryModule

/// The settings a pantry keeps in its own store (user metadata, collection `pantry-settings`): the server
/// household it joined, so every later command works in that household without being told again.
struct PantrySettings: StorableRecord {
    static let collection: RecordCollection = "pantry-settings"
    /// The one settings record's id.
    private static var id: RecordID { get throws { try RecordID("settings") } }

    /// The server household the pantry joined, or `nil` when it never synced through a server.
    var household: HouseholdID?

    var recordID: RecordID { get throws { try Self.id } }

    /// The household a pantry works in: the one it joined, else `requested` (joined now), else
    /// ``PantryEnvironment/defaultHousehold``.
    ///
    /// - Throws: ``PantryError/otherHousehold(joined:requested:)`` when the pantry joined another household,
    ///   ``PantryError/localHouseholdInUse(requested:entries:)`` when it would join one while holding entries of
    ///   its local household, or a storage error.
    static func household(
        in storage: any StorageProvider, journal: any InventoryJournalStore, joining requested: HouseholdID? = nil
    ) async throws -> HouseholdID {
        let saved = try await storage.userMetadata.load(PantrySettings.self, id: try id)?.household
        guard let requested else { return saved ?? PantryEnvironment.defaultHousehold }
        if let saved {
            guard saved == requested else { throw PantryError.otherHousehold(joined: saved.rawValue, requested: requested.rawValue) }
            return saved
        }
        let local = try await journal.entries(of: PantryEnvironment.defaultHousehold).count
        guard local == 0 else { throw PantryError.localHouseholdInUse(requested: requested.rawValue, entries: local) }
        try await storage.userMetadata.save(PantrySettings(household: requested))
        return requested
    }

    /// The household a pantry that holds none joins: `$PANTRY_HOUSEHOLD`, the server household's UUID.
    ///
    /// - Throws: ``PantryError/syncTarget(_:)`` when the variable is set but not a UUID.
    static func environmentHousehold() throws -> HouseholdID? {
        guard let text = ProcessInfo.processInfo.environment["PANTRY_HOUSEHOLD"], !text.isEmpty else { return nil }
        guard let uuid = UUID(uuidString: text) else {
            throw PantryError.syncTarget("$PANTRY_HOUSEHOLD must be the server household's UUID, not \(text)")
        }
        return HouseholdID(uuid)
    }

    /// The household a store works in, for commands that open it without a ``PantryEnvironment`` (`check`).
    ///
    /// - Throws: a storage error.
    static func household(in storage: any StorageProvider) async throws -> HouseholdID {
        try await storage.userMetadata.load(PantrySettings.self, id: try id)?.household ?? PantryEnvironment.defaultHousehold
    }
}
