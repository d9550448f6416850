import Foundation
import GRDB
import InventoryKit

/// The tables of the declared composite indexes (``SQLiteCompositeIndex``): per collection and pair of field
/// names, one row per record with both values, under an index that ends in the id.
///
/// ## Tables (schema version v8)
/// ```sql
/// record_composites (composite INTEGER PRIMARY KEY, scope, collection, equal_name, sort_name, UNIQUE (…))
/// record_composite_values (composite, id, equal_value, value, PRIMARY KEY (composite, id)) WITHOUT ROWID
/// record_composite_ascending  ON record_composite_values (composite, equal_value, value, id)
/// record_composite_descending ON record_composite_values (composite, equal_value, value DESC, id)
/// ```
///
/// Values are stored as ``RecordFieldIndex`` stores them (`NULL` for null or missing), so a walk of one equal
/// value's range is the sort field's walk of ``RecordFieldIndex`` restricted to that value: the sort column is
/// named `value` like the field index's, and ``RecordPageQuery`` plans both alike.
enum RecordCompositeIndex {
    /// The ascending walk: `(composite, equal_value, value, id)`.
    static let ascendingIndex = "record_composite_ascending"
    /// The descending walk of the sort values with ids ascending: `(composite, equal_value, value DESC, id)`.
    static let descendingIndex = "record_composite_descending"

    /// A pair built for one scope and collection.
    struct Pair: Hashable, Sendable {
        /// Its key in `record_composites`.
        let key: Int64
        /// The field compared for equality.
        let equalName: String
        /// The field sorted.
        let sortName: String
    }

    /// Creates the tables and indexes (migration v8).
    static func createTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE record_composites (
                    composite INTEGER PRIMARY KEY,
                    scope TEXT NOT NULL,
                    collection TEXT NOT NULL,
                    equal_name TEXT NOT NULL,
                    sort_name TEXT NOT NULL,
                    UNIQUE (scope, collection, equal_name, sort_name)
                );
                CREATE TABLE record_composite_values (
                    composite INTEGER NOT NULL,
                    id TEXT NOT NULL,
                    equal_value,
                    value,
                    PRIMARY KEY (composite, id)
                ) WITHOUT ROWID;
                CREATE INDEX \(ascendingIndex) ON record_composite_values (composite, equal_value, value, id);
                CREATE INDEX \(descendingIndex) ON record_composite_values (composite, equal_value, value DESC, id);
                """)
    }

    /// The collection's registered field keys (as ``RecordFieldIndex/fieldKeys(scope:collection:_:)``) and built
    /// pairs, read by one statement: a query page and a writer need both.
    static func fieldKeysAndPairs(
        scope: String, collection: String, _ db: Database
    ) throws -> (keys: [String: Int64], pairs: [Pair]) {
        let statement = try db.cachedStatement(
            sql: """
                SELECT name, field, NULL FROM record_field_names WHERE scope = ?1 AND collection = ?2
                UNION ALL SELECT equal_name, composite, sort_name FROM record_composites WHERE scope = ?1 AND collection = ?2
                """)
        var keys: [String: Int64] = [:]
        var pairs: [Pair] = []
        let rows = try Row.fetchCursor(statement, arguments: [scope, collection])
        while let row = try rows.next() {
            if let sortName: String = row[2] {
                pairs.append(Pair(key: row[1], equalName: row[0], sortName: sortName))
            } else {
                keys[row[0]] = row[1]
            }
        }
        return (keys, pairs)
    }

    /// Checks declarations before anything is built.
    ///
    /// - Throws: ``StorageError/invalidCollectionName(_:reason:)`` for an invalid collection name,
    ///   ``StorageError/invalidQuery(reason:)`` for an empty field name or a pair of one field.
    static func validate(_ declared: [SQLiteCompositeIndex]) throws {
        for index in declared {
            try index.collection.validate()
            guard !index.equalField.isEmpty, !index.sortField.isEmpty else {
                throw StorageError.invalidQuery(reason: "a composite index of \(index.collection) has an empty field name")
            }
            guard index.equalField != index.sortField else {
                throw StorageError.invalidQuery(
                    reason: "a composite index of \(index.collection) pairs \"\(index.equalField)\" with itself")
            }
        }
    }

    /// Whether the built pairs differ from `declared` (read before writing, so an unchanged file is not written).
    static func needsSynchronizing(_ declared: [SQLiteCompositeIndex], _ db: Database) throws -> Bool {
        try built(db).keys.sorted(by: Self.order) != Self.wanted(declared).sorted(by: Self.order)
    }

    /// Builds the declared pairs that are missing, in both scopes, from the field index; removes the pairs no
    /// longer declared with their rows.
    static func synchronize(_ declared: [SQLiteCompositeIndex], _ db: Database) throws {
        let wanted = Set(Self.wanted(declared))
        let built = try built(db)
        for (name, key) in built where !wanted.contains(name) {
            try db.execute(sql: "DELETE FROM record_composite_values WHERE composite = ?", arguments: [key])
            try db.execute(sql: "DELETE FROM record_composites WHERE composite = ?", arguments: [key])
        }
        for name in wanted.sorted(by: Self.order) where built[name] == nil {
            try db.execute(
                sql: "INSERT INTO record_composites (scope, collection, equal_name, sort_name) VALUES (?, ?, ?, ?)",
                arguments: [name.scope, name.collection, name.equalName, name.sortName])
            let key = db.lastInsertedRowID
            let fields = try RecordFieldIndex.fieldKeys(scope: name.scope, collection: name.collection, db)
            try db.execute(
                sql: """
                    INSERT INTO record_composite_values (composite, id, equal_value, value)
                    SELECT ?, r.id, \(lookup(fields[name.equalName])), \(lookup(fields[name.sortName]))
                    FROM records AS r WHERE r.scope = ? AND r.collection = ?
                    """,
                arguments: [key, name.scope, name.collection])
        }
    }

    /// A record's value of a field in the back-fill: its field index row, or null for a name never registered.
    private static func lookup(_ field: Int64?) -> String {
        guard let field else { return "NULL" }
        return "(SELECT value FROM record_fields WHERE field = \(field) AND id = r.id)"
    }

    /// A pair's identity in `record_composites`.
    private struct Name: Hashable {
        let scope: String
        let collection: String
        let equalName: String
        let sortName: String
    }

    private static func order(_ lhs: Name, _ rhs: Name) -> Bool {
        (lhs.scope, lhs.collection, lhs.equalName, lhs.sortName) < (rhs.scope, rhs.collection, rhs.equalName, rhs.sortName)
    }

    private static func wanted(_ declared: [SQLiteCompositeIndex]) -> [Name] {
        Array(Set(StorageScope.allCases.flatMap { scope in
            declared.map { Name(scope: scope.rawValue, collection: $0.collection.rawValue, equalName: $0.equalField, sortName: $0.sortField) }
        }))
    }

    private static func built(_ db: Database) throws -> [Name: Int64] {
        var built: [Name: Int64] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT composite, scope, collection, equal_name, sort_name FROM record_composites")
        while let row = try rows.next() {
            built[Name(scope: row[1], collection: row[2], equalName: row[3], sortName: row[4])] = row[0]
        }
        return built
    }
}
