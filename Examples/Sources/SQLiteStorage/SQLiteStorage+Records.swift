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
        return try await Self.perform("read \(collection)/\(id)") {
            try await dbWriter.read { db in
                try Self.fetchRecord(id, in: collection, scope: scope, db)
            }
        }
    }

    /// The records with these ids that exist, in the order of `ids`.
    func records(_ ids: [RecordID], in collection: RecordCollection, scope: StorageScope) async throws -> [StoredRecord] {
        try collection.validate()
        return try await Self.perform("read records of \(collection)") {
            try await dbWriter.read { db in
                try ids.compactMap { id in try Self.fetchRecord(id, in: collection, scope: scope, db) }
            }
        }
    }

    /// One page of a query: the collection's indexed fields are paged by `RecordQueryEvaluator`, then the page's
    /// payloads are read. A row whose indexed fields do not decode cannot be placed in the order: it is named in
    /// the first page's `damaged` entries.
    func query(
        _ query: RecordQuery, in collection: RecordCollection, scope: StorageScope
    ) async throws -> RecordPage<StoredRecord> {
        try collection.validate()
        try query.validate()
        return try await Self.perform("query \(collection)") {
            try await dbWriter.read { db in
                let (candidates, damaged) = try Self.fetchIndexedFields(in: collection, scope: scope, db)
                var page = try RecordQueryEvaluator.page(candidates, query: query)
                if query.cursor == nil { page.damaged = damaged }
                let statement = try db.cachedStatement(
                    sql: "SELECT payload FROM records WHERE scope = ? AND collection = ? AND id = ?")
                for index in page.records.indices {
                    let id = page.records[index].id
                    page.records[index].payload =
                        try Data.fetchOne(statement, arguments: [scope.rawValue, collection.rawValue, id.rawValue])
                        ?? Data()
                }
                return page
            }
        }
    }

    /// How many of the collection's records match the filter: `COUNT(*)` without a filter, the evaluator over the
    /// indexed fields with one.
    func count(matching filter: RecordFilter?, in collection: RecordCollection, scope: StorageScope) async throws -> Int {
        try collection.validate()
        return try await Self.perform("count \(collection)") {
            try await dbWriter.read { db in
                guard let filter else {
                    let statement = try db.cachedStatement(
                        sql: "SELECT COUNT(*) FROM records WHERE scope = ? AND collection = ?")
                    return try Int.fetchOne(statement, arguments: [scope.rawValue, collection.rawValue]) ?? 0
                }
                return try Self.fetchIndexedFields(in: collection, scope: scope, db).records
                    .reduce(0) { $0 + (RecordQueryEvaluator.matches(filter, fields: $1.fields) ? 1 : 0) }
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
        let fields = try decodeFields(try row.decode(String.self, atIndex: 2), id: id, collection: collection)
        return StoredRecord(
            id: id, payload: try row.decode(Data.self, atIndex: 1), fields: fields,
            revision: try row.decode(Int.self, atIndex: 0))
    }

    /// Every record of the collection without its payload: id, revision and indexed fields; and the rows whose
    /// fields do not decode.
    private static func fetchIndexedFields(
        in collection: RecordCollection, scope: StorageScope, _ db: Database
    ) throws -> (records: [StoredRecord], damaged: [DamagedRecord]) {
        let statement = try db.cachedStatement(
            sql: "SELECT id, revision, fields FROM records WHERE scope = ? AND collection = ?")
        let decoder = StoredFieldsCoding.makeDecoder()
        var records: [StoredRecord] = []
        var damaged: [DamagedRecord] = []
        let rows = try Row.fetchCursor(statement, arguments: [scope.rawValue, collection.rawValue])
        while let row = try rows.next() {
            let rawID = try row.decode(String.self, atIndex: 0)
            guard let id = RecordID(rawValue: rawID) else {
                throw StorageError.backendFailure(
                    operation: "query \(collection)", reason: "the stored id \"\(rawID.prefix(80))\" is not a valid record id")
            }
            do {
                let fields = try decodeFields(
                    try row.decode(String.self, atIndex: 2), id: id, collection: collection, decoder: decoder)
                records.append(StoredRecord(id: id, payload: Data(), fields: fields, revision: try row.decode(Int.self, atIndex: 1)))
            } catch let error as StorageError {
                damaged.append(DamagedRecord(collection: collection, id: id, error: error))
            }
        }
        return (records, damaged)
    }

    private static func decodeFields(
        _ text: String, id: RecordID, collection: RecordCollection,
        decoder: JSONDecoder = StoredFieldsCoding.makeDecoder()
    ) throws -> [String: FieldValue] {
        do {
            return try StoredFieldsCoding.decode(text, with: decoder)
        } catch {
            throw StorageError.corruptRecord(
                collection: collection, id: id, reason: "its indexed fields do not decode: \(RecordCoding.describe(error))")
        }
    }
}

// MARK: - Database Access: Writes

extension SQLiteStorage {
    /// Applies writes in order, in one transaction; preconditions are checked inside it against the state the
    /// earlier writes produced, and a failed one rolls everything back.
    ///
    /// Collection names are validated and fields encoded before the transaction starts.
    func apply(_ writes: [(scope: StorageScope, write: RecordWrite)]) async throws {
        guard !writes.isEmpty else { return }
        let prepared = try writes.map { scope, write in try PreparedWrite(scope: scope, write: write) }
        try await Self.perform("write \(writes.count) record(s)") {
            try await dbWriter.write { db in
                for write in prepared { try write.execute(db) }
            }
        }
    }

    /// A validated write with its fields encoded, ready to run inside a transaction.
    private struct PreparedWrite: Sendable {
        let scope: StorageScope
        let write: RecordWrite
        /// The encoded fields of a put; `nil` for a delete.
        let fields: String?

        init(scope: StorageScope, write: RecordWrite) throws {
            try write.collection.validate()
            self.scope = scope
            self.write = write
            switch write.action {
            case .put(_, let fields):
                do {
                    self.fields = try StoredFieldsCoding.encode(fields)
                } catch {
                    throw StorageError.encodingFailed(
                        collection: write.collection, id: write.id, reason: String(describing: error))
                }
            case .delete:
                self.fields = nil
            }
        }

        func execute(_ db: Database) throws {
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
            case .put(let payload, _):
                // GRDB binds empty `Data` as NULL (no base address): `IFNULL` stores it as an empty blob.
                let statement = try db.cachedStatement(
                    sql: """
                        INSERT INTO records (scope, collection, id, revision, payload, fields)
                        VALUES (?, ?, ?, 1, IFNULL(?, x''), ?)
                        ON CONFLICT (scope, collection, id) DO UPDATE
                        SET revision = revision + 1, payload = excluded.payload, fields = excluded.fields
                        """)
                try statement.execute(arguments: key + [payload, fields])
            case .delete:
                let statement = try db.cachedStatement(
                    sql: "DELETE FROM records WHERE scope = ? AND collection = ? AND id = ?")
                try statement.execute(arguments: key)
            }
        }
    }
}
