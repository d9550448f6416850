import Foundation

/// Saves records and assets through a ``StorageProvider``, routing each to the store of its scope.
///
/// "Save asset" writes the bytes to the data store of the asset's scope (``StorageProvider/userData`` or
/// ``StorageProvider/domainData``) and its metadata record, with size and SHA-1, to the matching metadata store.
/// The bytes are written first and the record last, so a record never points at missing bytes; reading checks
/// the bytes against the record.
///
/// ```swift
/// let service = StorageService(storage: provider)
/// let asset = try await service.saveAsset(jpegData, kind: .image, scope: .user, ownerID: product.id.uuidString)
/// let content = try await service.loadAsset(id: asset.id, scope: .user)
/// ```
public struct StorageService: Sendable {
    /// The storage everything goes through.
    public let storage: any StorageProvider
    /// The source of creation dates.
    public let clock: InventoryClock

    /// Creates a service on a storage provider.
    public init(storage: any StorageProvider, clock: InventoryClock = .system) {
        self.storage = storage
        self.clock = clock
    }

    // MARK: - Records

    /// Saves a typed record into the metadata store of `scope`.
    ///
    /// - Throws: the errors of ``MetadataStore/save(_:precondition:)``.
    public func save<Record: StorableRecord>(
        _ record: Record, scope: StorageScope, precondition: RecordPrecondition = .none
    ) async throws {
        try await storage.metadata(scope).save(record, precondition: precondition)
    }

    /// Loads a typed record from the metadata store of `scope`.
    ///
    /// - Throws: the errors of ``MetadataStore/load(_:id:)``.
    public func load<Record: StorableRecord>(_ type: Record.Type, id: RecordID, scope: StorageScope) async throws -> Record? {
        try await storage.metadata(scope).load(type, id: id)
    }

    // MARK: - Assets

    /// Saves an asset's bytes and metadata into the stores of `scope`.
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - id: the asset id; a new random id by default. Saving again with the same id replaces the asset.
    ///   - kind: what the asset is.
    ///   - scope: ``StorageScope/user`` for private files, ``StorageScope/domain`` for shared ones.
    ///   - contentType: the MIME type.
    ///   - filename: the original file name.
    ///   - ownerID: the id of the record the asset belongs to.
    /// - Returns: the saved metadata record.
    /// - Throws: ``StorageError`` from the data or metadata store; when the record cannot be written, the bytes
    ///   written for it are removed again.
    @discardableResult
    public func saveAsset(
        _ data: Data, id: UUID = UUID(), kind: InventoryAssetKind, scope: StorageScope, contentType: String? = nil,
        filename: String? = nil, ownerID: String? = nil
    ) async throws -> InventoryAsset {
        let asset = InventoryAsset(
            id: id, scope: scope, kind: kind, contentType: contentType, filename: filename, ownerID: ownerID,
            byteCount: data.count, sha1: SHA1.hexDigest(data), createdAt: clock.now())
        let blobs = storage.data(scope)
        let previous = try await blobs.read(asset.recordID)
        try await blobs.write(data, to: asset.recordID)
        do {
            try await storage.metadata(scope).save(asset)
        } catch {
            // Best effort: put the previous bytes back (or remove the new ones) so no record-less bytes remain.
            if let previous {
                try? await blobs.write(previous, to: asset.recordID)
            } else {
                _ = try? await blobs.delete(asset.recordID)
            }
            throw error
        }
        return asset
    }

    /// Loads an asset's metadata and bytes, verifying the bytes against the recorded size and SHA-1.
    ///
    /// - Returns: the asset, or `nil` when there is no asset with this id in `scope`.
    /// - Throws: ``StorageError/corruptBlob(id:reason:)`` when the bytes are missing or do not match, or the
    ///   errors of the stores.
    public func loadAsset(id: UUID, scope: StorageScope) async throws -> InventoryAssetContent? {
        guard let asset = try await storage.metadata(scope).load(InventoryAsset.self, id: RecordID(id)) else {
            return nil
        }
        guard let data = try await storage.data(scope).read(asset.recordID) else {
            throw StorageError.corruptBlob(id: asset.recordID, reason: "the asset's bytes are missing")
        }
        guard data.count == asset.byteCount else {
            throw StorageError.corruptBlob(
                id: asset.recordID, reason: "expected \(asset.byteCount) bytes, found \(data.count)")
        }
        let digest = SHA1.hexDigest(data)
        guard digest == asset.sha1 else {
            throw StorageError.corruptBlob(id: asset.recordID, reason: "SHA-1 \(digest) does not match \(asset.sha1)")
        }
        return InventoryAssetContent(asset: asset, data: data)
    }

    /// Deletes an asset's metadata record, then its bytes.
    ///
    /// - Returns: whether an asset was deleted.
    /// - Throws: the errors of the stores.
    @discardableResult
    public func deleteAsset(id: UUID, scope: StorageScope) async throws -> Bool {
        let recordID = RecordID(id)
        let existed = try await storage.metadata(scope).record(recordID, in: InventoryAsset.collection) != nil
        try await storage.metadata(scope).delete(recordID, in: InventoryAsset.collection)
        let hadBytes = try await storage.data(scope).delete(recordID)
        return existed || hadBytes
    }

    /// The assets of `scope` that belong to a record, oldest first.
    ///
    /// - Throws: the errors of the metadata store.
    public func assets(ownedBy ownerID: String, scope: StorageScope) async throws -> [InventoryAsset] {
        let stored = try await storage.metadata(scope).all(
            matching: .equals("ownerID", .string(ownerID)), sort: [.ascending("createdAt")],
            in: InventoryAsset.collection)
        return try stored.map { stored throws(StorageError) in try InventoryAsset.decode(stored) }
    }
}
