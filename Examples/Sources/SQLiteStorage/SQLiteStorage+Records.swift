import Foundation
import GRDB
import InventoryKit

// MARK: - Database Access: Reads
// Every read runs in one read transaction (a WAL snapshot with a pool), so a query and the payloads of its page
// come from the same state.

extension SQLiteStorage {
    /// The record with this id, or `nil`.
    func record(_ id: RecordID, in collection: RecordCollection, scope: StorageScope) async throws -> StoredRecord? {
        try collection.validate()
        return try await Self.read(dbWriter, "read \(collection)/\(id)", size: 1) { db in
            try Self.fetchRecord(id, in: collection, scope: scope, db)
        }
    }

    /// The records with these ids that exist, in the order of `ids`.
    func records(_ ids: [RecordID], in collection: RecordCollection, scope: StorageScope) async throws -> [StoredRecord] {
        try collection.validate()
        return try await Self.read(dbWriter, "read records of \(collection)", size: ids.count) { db in
            try ids.compactMap { id in try Self.fetchRecord(id, in: collection, scope: scope, db) }
        }
    }

    /// One page of a query, filtered, sorted and paged by SQLite on the field index (``RecordPageQuery``); then
    /// the page's rows are read. A row whose indexed fields do not decode is named in the page's `damaged`
    /// entries where it sorts. A page of up to ``synchronousLimit`` records is read on the calling thread.
    /// Without `readsFields`, the records' fields are left empty and only the last record's are decoded, for the
    /// next cursor.
    func query(
        _ query: RecordQuery, in collection: RecordCollection, scope: StorageScope, readsFields: Bool = true
    ) async throws -> RecordPage<StoredRecord> {
        try collection.validate()
        try query.validate()
        let page = RecordPageQuery(query: query, collection: collection, scope: scope, readsFields: readsFields)
        return try await Self.read(dbWriter, "query \(collection)", size: query.limit) { db in try page.page(db) }
    }

    /// How many of the collection's records match the filter: `COUNT(*)` of the collection without a filter, of
    /// the filter's rows of the field index with one (``RecordCount``).
    func count(matching filter: RecordFilter?, in collection: RecordCollection, scope: StorageScope) async throws -> Int {
        try collection.validate()
        return try await Self.perform("count \(collection)", on: dbWriter) {
            try await dbWriter.read { db in
                try RecordCount(filter: filter, collection: collection, scope: scope).count(db)
            }
        }
    }

    private static func fetchRecord(
        _ id: RecordID, in collection: RecordCollection, scope: StorageScope, _ db: Database
    ) throws -> StoredRecord? {
        let statement = try db.cachedStatement(
            sql: "SELECT revision, payload, fields FROM records WHERE scope = ? AND collection = ? AND id = ?")
        guard let row = try Row.fetchOne(statement, arguments: [scope.rawValue, collection.rawValue, id.rawValue]) else {
            return nil
        }
        let fields = try RecordRowReader.decodeFields(try row.decode(String.self, atIndex: 2), id: id, collection: collection)
        return StoredRecord(
            id: id, payload: try row.decode(Data.self, atIndex: 1), fields: fields,
            revision: try row.decode(Int.self, atIndex: 0))
    }
}

// MARK: - Database Access: Writes

extension SQLiteStorage {
    /// Applies writes in order, in one transaction; preconditions are checked inside it against the state the
    /// earlier writes produced, and a failed one rolls everything back. The field index (``RecordFieldIndex``) is
    /// written in the same transaction.
    ///
    /// Collection names are validated and fields encoded before the transaction starts (a large batch on every core:
    /// the encoder's options are not changed while it encodes, so the threads share it).
    func apply(_ writes: [(scope: StorageScope, write: RecordWrite)]) async throws {
        guard !writes.isEmpty else { return }
        let encoder = StoredFieldsCoding.makeEncoder()
        // A large batch (a push into a storage remote) encodes its fields on every core.
        let prepared = try ConcurrentCoding.map(writes) { scope, write in
            try PreparedWrite(scope: scope, write: write, encoder: encoder)
        }
        try await Self.perform("write \(writes.count) record(s)", on: dbWriter) {
            try await dbWriter.write { db in
                var index = RecordFieldIndex.Writer()
                for write in prepared { try write.execute(db, index: &index) }
            }
        }
    }

    /// A validated write with its fields encoded, ready to run inside a transaction.
    private struct PreparedWrite: Sendable {
        let scope: StorageScope
        let write: RecordWrite
        /// The encoded fields of a put; `nil` for a delete.
        let fields: String?

        init(scope: StorageScope, write: RecordWrite, encoder: JSONEncoder) throws {
            try write.collection.validate()
            self.scope = scope
            self.write = write
            switch write.action {
            case .put(_, let fields):
                do {
                    self.fields = try StoredFieldsCoding.encode(fields, with: encoder)
                } catch {
                    throw StorageError.encodingFailed(
                        collection: write.collection, id: write.id, reason: String(describing: error))
                }
            case .delete:
                self.fields = nil
            }
        }

        func execute(_ db: Database, index: inout RecordFieldIndex.Writer) throws {
            let key: StatementArguments = [scope.rawValue, write.collection.rawValue, write.id.rawValue]
            if write.precondition != .none {
                let statement = try db.cachedStatement(
                    sql: "SELECT revision FROM records WHERE scope = ? AND collection = ? AND id = ?")
                let current = try Int.fetchOne(statement, arguments: key)
                guard write.precondition.isSatisfied(byCurrentRevision: current) else {
                    throw StorageError.preconditionFailed(
                        collection: write.collection, id: write.id, expected: write.precondition, actualRevision: current)
                }
            }
            switch write.action {
            case .put(let payload, let indexed):
                // GRDB binds empty `Data` as NULL (no base address): `IFNULL` stores it as an empty blob.
                let statement = try db.cachedStatement(
                    sql: """
                        INSERT INTO records (scope, collection, id, revision, payload, fields)
                        VALUES (?, ?, ?, 1, IFNULL(?, x''), ?)
                        ON CONFLICT (scope, collection, id) DO UPDATE
                        SET revision = revision + 1, payload = excluded.payload, fields = excluded.fields
                        """)
                try statement.execute(arguments: key + [payload, fields])
                try index.put(indexed, id: write.id.rawValue, scope: scope.rawValue, collection: write.collection.rawValue, db)
            case .delete:
                let statement = try db.cachedStatement(
                    sql: "DELETE FROM records WHERE scope = ? AND collection = ? AND id = ?")
                try statement.execute(arguments: key)
                if db.changesCount > 0 {
                    try index.delete(id: write.id.rawValue, scope: scope.rawValue, collection: write.collection.rawValue, db)
                }
            }
        }
    }
}
