import Foundation

/// A store of records, grouped in named collections and keyed by id: the persistence port of the kit.
///
/// Stores hold ``StoredRecord`` values — an opaque payload plus indexed fields — so one implementation serves
/// every record type of every module. The typed API in `MetadataStore+Records.swift` encodes `Codable` values
/// (``StorableRecord``) on top.
///
/// ## Implementer obligations
/// - ``apply(_:)`` is atomic: after it returns every write is visible; when it throws none is. Writes apply in
///   order; a later write to the same id sees the earlier one. Each put sets the record's revision to the
///   previous revision + 1 (1 for a new record).
/// - Preconditions are checked against the state produced by the earlier writes of the same call; one failing
///   precondition rejects the whole call with ``StorageError/preconditionFailed(collection:id:expected:actualRevision:)``.
/// - ``query(_:in:)`` returns exactly the page ``RecordQueryEvaluator/page(_:query:)`` would return over the
///   collection's records. Run `StorageProviderConformance` from `InventoryKitTesting` to check.
/// - A record the store cannot read (a corrupt file or row) does not fail a query: the page names it in
///   ``RecordPage/damaged`` and the other records are returned. Reading that record by id throws.
/// - Invalid collection names, ids and queries throw the matching ``StorageError`` before touching storage.
/// - All methods are safe to call concurrently.
public protocol MetadataStore: Sendable {
    /// The store's scope (user or domain).
    var scope: StorageScope { get }

    /// The record with this id, or `nil` when there is none.
    ///
    /// - Throws: ``StorageError``: an invalid collection name, or a backend failure.
    func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord?

    /// One page of the collection's readable records that match the query, in query order, and the records the
    /// store could not read (``RecordPage/damaged``).
    ///
    /// - Throws: ``StorageError``: an invalid collection name, query or cursor, or a backend failure.
    func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord>

    /// The page ``query(_:in:)`` returns, for a reader that needs each record's id, payload and revision but not
    /// its indexed fields: a store may return the records with empty ``StoredRecord/fields`` and skip reading them.
    /// The page's records, order and ``RecordPage/nextCursor`` are those of ``query(_:in:)``; a record whose
    /// fields the store cannot read but whose payload it can may be returned rather than named in
    /// ``RecordPage/damaged``. The typed ``query(_:_:)`` reads through it. Default: ``query(_:in:)``.
    ///
    /// - Throws: the errors of ``query(_:in:)``.
    func queryPayloads(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord>

    /// Applies writes atomically and in order.
    ///
    /// - Throws: ``StorageError``: an invalid collection name, a failed precondition, or a backend failure;
    ///   after a throw nothing of the call was written.
    func apply(_ writes: [RecordWrite]) async throws

    /// The records with these ids that exist, in the order of `ids`. Default: one ``record(_:in:)`` per id.
    ///
    /// - Throws: ``StorageError``: an invalid collection name, or a backend failure.
    func records(_ ids: [RecordID], in collection: RecordCollection) async throws -> [StoredRecord]

    /// How many of the collection's records match the filter. Default: pages through ``query(_:in:)``.
    ///
    /// - Throws: ``StorageError``: an invalid collection name, or a backend failure.
    func count(matching filter: RecordFilter?, in collection: RecordCollection) async throws -> Int
}

// MARK: - Default implementations

extension MetadataStore {
    /// Loads each record with ``record(_:in:)``; override to fetch in one round trip.
    public func records(_ ids: [RecordID], in collection: RecordCollection) async throws -> [StoredRecord] {
        var found: [StoredRecord] = []
        found.reserveCapacity(ids.count)
        for id in ids {
            if let record = try await record(id, in: collection) { found.append(record) }
        }
        return found
    }

    /// Returns ``query(_:in:)``'s page, fields included; override to skip reading the fields.
    public func queryPayloads(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
        try await self.query(query, in: collection)
    }

    /// Counts by paging through ``query(_:in:)``; override with a native count.
    public func count(matching filter: RecordFilter?, in collection: RecordCollection) async throws -> Int {
        var total = 0
        var next: RecordQuery? = RecordQuery(filter: filter, limit: RecordQuery.maximumLimit)
        while let query = next {
            let page = try await self.query(query, in: collection)
            total += page.records.count
            next = query.after(page.nextCursor)
        }
        return total
    }
}

// MARK: - API

extension MetadataStore {
    /// Creates or replaces one record.
    ///
    /// - Throws: the errors of ``apply(_:)``.
    public func put(
        _ record: StoredRecord, in collection: RecordCollection, precondition: RecordPrecondition = .none
    ) async throws {
        try await apply([.put(record, in: collection, precondition: precondition)])
    }

    /// Deletes one record; deleting a missing record succeeds unless the precondition says otherwise.
    ///
    /// - Throws: the errors of ``apply(_:)``.
    public func delete(
        _ id: RecordID, in collection: RecordCollection, precondition: RecordPrecondition = .none
    ) async throws {
        try await apply([.delete(id, in: collection, precondition: precondition)])
    }

    /// Every record of the collection that matches the filter, in query order, fetched page by page. Strict: a
    /// record the store could not read fails the call (see ``DamagedRecord``).
    ///
    /// - Throws: the errors of ``query(_:in:)``, or the error of the first ``RecordPage/damaged`` record.
    public func all(
        matching filter: RecordFilter? = nil, sort: [RecordSortKey] = [], in collection: RecordCollection
    ) async throws -> [StoredRecord] {
        var found: [StoredRecord] = []
        var next: RecordQuery? = RecordQuery(filter: filter, sort: sort, limit: RecordQuery.maximumLimit)
        while let query = next {
            let page = try await self.query(query, in: collection).requireUndamaged()
            found += page.records
            next = query.after(page.nextCursor)
        }
        return found
    }
}
