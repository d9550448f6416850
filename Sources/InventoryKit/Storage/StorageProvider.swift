import Foundation

/// Everything the kit persists, behind four stores the client provides: the one port a client implements to get
/// every module working on its own storage.
///
/// - ``userMetadata``: the user's private records (a private database, Core Data, a SQLite file).
/// - ``domainMetadata``: shared reference records, a read-mostly cache of a catalogue.
/// - ``userData``: the user's private files and blobs.
/// - ``domainData``: shared files and blobs.
///
/// Records of any `Codable & Sendable` type are kept in named collections (see ``StorableRecord``), so the
/// ProductModule and InventoryModule persist through any provider; a client that implements one provider gets
/// both modules.
///
/// ## Implementer obligations
/// - Each store keeps the obligations of ``MetadataStore`` or ``DataStore``.
/// - ``commit(_:)`` applies the writes of both metadata stores atomically: all of them or none, also across a
///   crash. Sync engines rely on this to commit a change and its outbox entry as one local step. A backend with
///   one database does it in one transaction; one with separate stores needs a journal.
/// - Run `StorageProviderConformance` from `InventoryKitTesting` in your tests.
///
/// See the article "Implementing a StorageProvider" in the documentation catalog.
public protocol StorageProvider: Sendable {
    /// The user's private records.
    var userMetadata: any MetadataStore { get }
    /// Shared reference records.
    var domainMetadata: any MetadataStore { get }
    /// The user's private files and blobs.
    var userData: any DataStore { get }
    /// Shared files and blobs.
    var domainData: any DataStore { get }

    /// Applies the writes of a batch to both metadata stores atomically.
    ///
    /// - Throws: ``StorageError``: an invalid collection name, a failed precondition, or a backend failure;
    ///   after a throw nothing of the batch was written.
    func commit(_ batch: StorageBatch) async throws
}

// MARK: - API

extension StorageProvider {
    /// The metadata store of a scope.
    public func metadata(_ scope: StorageScope) -> any MetadataStore {
        scope == .user ? userMetadata : domainMetadata
    }

    /// The data store of a scope.
    public func data(_ scope: StorageScope) -> any DataStore {
        scope == .user ? userData : domainData
    }
}
