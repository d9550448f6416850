import Foundation

// MARK: - API

extension MetadataStore {
    /// Saves a typed record into its collection.
    ///
    /// - Throws: ``StorageError``: an invalid id, an encoding failure, a failed precondition or a backend failure.
    public func save<Record: StorableRecord>(_ record: Record, precondition: RecordPrecondition = .none) async throws {
        try await put(try record.storedRecord(), in: Record.collection, precondition: precondition)
    }

    /// Loads a typed record, or `nil` when there is none.
    ///
    /// - Throws: ``StorageError/corruptRecord(collection:id:reason:)`` when the stored payload does not decode
    ///   (other records stay readable), or a backend failure.
    public func load<Record: StorableRecord>(_ type: Record.Type, id: RecordID) async throws -> Record? {
        guard let stored = try await record(id, in: Record.collection) else { return nil }
        return try Record.decode(stored)
    }

    /// Deletes a typed record.
    ///
    /// - Throws: the errors of ``apply(_:)``.
    public func delete<Record: StorableRecord>(_ type: Record.Type, id: RecordID) async throws {
        try await delete(id, in: Record.collection)
    }

    /// One page of typed records matching the query. Strict: a record the store could not read fails the page
    /// (see ``DamagedRecord``).
    ///
    /// The records are read through ``queryPayloads(_:in:)``: only their payloads are decoded.
    ///
    /// - Throws: the errors of ``query(_:in:)``, the error of the page's first ``RecordPage/damaged`` record, or
    ///   ``StorageError/corruptRecord(collection:id:reason:)`` for a record that does not decode as `Record`.
    public func query<Record: StorableRecord>(
        _ type: Record.Type, _ query: RecordQuery
    ) async throws -> RecordPage<Record> {
        let page = try await queryPayloads(query, in: Record.collection).requireUndamaged()
        return try page.map { stored throws(StorageError) in try Record.decode(stored) }
    }
}

extension RecordWrite {
    /// A write that saves a typed record into its collection.
    ///
    /// - Throws: ``StorageError``: an invalid id or an encoding failure.
    public static func save<Record: StorableRecord>(
        _ record: Record, precondition: RecordPrecondition = .none
    ) throws -> RecordWrite {
        .put(try record.storedRecord(), in: Record.collection, precondition: precondition)
    }
}
