import Foundation
import InventoryKit
import InventoryModule

/// The settings a pantry keeps in its own store (user metadata, collection `pantry-settings`): the server
/// household it joined, so every later command works in that household without being told again, and the server
/// and token `pantry household join` saved, so `pantry sync` needs no flags.
///
/// The token is kept in the store's user metadata in clear: acceptable for a demo, not for an app (an app keeps
/// it in the Keychain or the platform's credential store). No command ever prints it.
struct PantrySettings: StorableRecord {
    static let collection: RecordCollection = "pantry-settings"
    /// The one settings record's id.
    private static var id: RecordID { get throws { try RecordID("settings") } }

    /// The server household the pantry joined, or `nil` when it never synced through a server.
    var household: HouseholdID?
    /// The sync server saved by `pantry household join`, as typed there.
    var server: String?
    /// This device's bearer token saved by `pantry household join`; never printed.
    var token: String?

    var recordID: RecordID { get throws { try Self.id } }

    /// The settings saved in a store, or empty ones.
    ///
    /// - Throws: a storage error.
    static func load(from storage: any StorageProvider) async throws -> PantrySettings {
        try await storage.userMetadata.load(PantrySettings.self, id: try id) ?? PantrySettings()
    }

    /// Saves these settings in a store, replacing the saved ones.
    ///
    /// - Throws: a storage error.
    func save(in storage: any StorageProvider) async throws {
        try await storage.userMetadata.save(self)
    }

    /// The household a pantry works in: the one it joined, else `requested` (joined now, and saved when `saving`),
    /// else ``PantryEnvironment/defaultHousehold``.
    ///
    /// - Throws: ``PantryError/otherHousehold(joined:requested:)`` when the pantry joined another household,
    ///   ``PantryError/localHouseholdInUse(requested:entries:)`` when it would join one while holding entries of
    ///   its local household, or a storage error.
    static func household(
        in storage: any StorageProvider, journal: any InventoryJournalStore, joining requested: HouseholdID? = nil,
        saving: Bool = true
    ) async throws -> HouseholdID {
        var settings = try await load(from: storage)
        let saved = settings.household
        guard let requested else { return saved ?? PantryEnvironment.defaultHousehold }
        if let saved {
            guard saved == requested else { throw PantryError.otherHousehold(joined: saved.rawValue, requested: requested.rawValue) }
            return saved
        }
        let local = try await journal.entries(of: PantryEnvironment.defaultHousehold).count
        guard local == 0 else { throw PantryError.localHouseholdInUse(requested: requested.rawValue, entries: local) }
        guard saving else { return requested }
        settings.household = requested
        try await settings.save(in: storage)
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
        try await load(from: storage).household ?? PantryEnvironment.defaultHousehold
    }
}
