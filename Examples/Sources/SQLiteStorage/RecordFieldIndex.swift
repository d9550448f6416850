import Foundation
import GRDB
import InventoryKit

/// The index of the generic records' indexed fields: one row per record and field name, so that a
/// `RecordQuery` filters, sorts and pages on SQLite indexes instead of decoding every record's `fields`.
///
/// ## Tables (schema version v4)
/// ```sql
/// record_field_names (field INTEGER PRIMARY KEY, scope, collection, name, UNIQUE (scope, collection, name))
/// record_fields (field, id, value, PRIMARY KEY (field, id)) WITHOUT ROWID
/// record_fields_ascending  ON record_fields (field, value, id)
/// record_fields_descending ON record_fields (field, value DESC, id)
/// ```
///
/// `record_field_names` gives every field name a collection uses a small integer key. Every record of the
/// collection has one `record_fields` row for **every** registered name of its collection — `NULL` where the
/// record lacks the field — so a walk of the `(field, value, id)` index for one name visits every record of the
/// collection in that field's order, missing fields first as nulls. A name that appears for the first time is
/// registered and back-filled with `NULL` rows for the records already stored (one pass over the collection, once
/// per name: collections whose field names are data, such as one field per tag, are a poor fit).
///
/// ## Values
/// `value` is declared without a type (BLOB affinity), so SQLite keeps each value's storage class and orders them
/// natively in `FieldValue` order: `NULL` (null, missing, NaN) first; then `INTEGER` (int, bool as 0/1) and `REAL`
/// (double, date as seconds since 2001-01-01) compared numerically; then `TEXT` by its bytes (`BINARY`). The one
/// difference from ``FieldValue/compare(_:_:)``: SQLite compares an integer beyond ±2^53 with a double exactly,
/// where the evaluator rounds the integer to a double first.
enum RecordFieldIndex {
    /// The ascending walk of one field: `(field, value, id)`.
    static let ascendingIndex = "record_fields_ascending"
    /// The descending walk of one field with ids ascending: `(field, value DESC, id)`.
    static let descendingIndex = "record_fields_descending"

    /// Creates the tables and indexes (migration v4).
    static func createTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE record_field_names (
                    field INTEGER PRIMARY KEY,
                    scope TEXT NOT NULL,
                    collection TEXT NOT NULL,
                    name TEXT NOT NULL,
                    UNIQUE (scope, collection, name)
                );
                CREATE TABLE record_fields (
                    field INTEGER NOT NULL,
                    id TEXT NOT NULL,
                    value,
                    PRIMARY KEY (field, id)
                ) WITHOUT ROWID;
                CREATE INDEX \(ascendingIndex) ON record_fields (field, value, id);
                CREATE INDEX \(descendingIndex) ON record_fields (field, value DESC, id);
                """)
    }

    /// Indexes every stored record (migration v4), one collection at a time. A row whose fields do not decode is
    /// indexed with nulls, so queries still reach it and name it in their damaged entries.
    static func build(_ db: Database) throws {
        var writer = Writer(writesPairs: false)
        let decoder = StoredFieldsCoding.makeDecoder()
        let rows = try Row.fetchCursor(db, sql: "SELECT scope, collection, id, fields FROM records ORDER BY scope, collection, id")
        while let row = try rows.next() {
            let scope: String = row[0]
            let collection: String = row[1]
            let id: String = row[2]
            let text: String = row[3]
            let fields = (try? StoredFieldsCoding.decode(text, with: decoder)) ?? [:]
            try writer.put(fields, id: id, scope: scope, collection: collection, db)
        }
    }

    /// The keys of the field names a collection has registered.
    static func fieldKeys(scope: String, collection: String, _ db: Database) throws -> [String: Int64] {
        let statement = try db.cachedStatement(
            sql: "SELECT name, field FROM record_field_names WHERE scope = ? AND collection = ?")
        var keys: [String: Int64] = [:]
        let rows = try Row.fetchCursor(statement, arguments: [scope, collection])
        while let row = try rows.next() { keys[row[0]] = row[1] }
        return keys
    }

    /// Keeps the index and the collections' composite indexes (``RecordCompositeIndex``) in step with writes to
    /// `records`, inside the writing transaction; remembers the registered names and pairs of the collections it
    /// touched (make one per transaction).
    struct Writer {
        private struct CollectionKey: Hashable {
            let scope: String
            let collection: String
        }

        /// What the writer knows of each collection it touched: its field keys (with the names it registered) and
        /// its composite pairs.
        private var catalogs: [CollectionKey: (keys: [String: Int64], pairs: [RecordCompositeIndex.Pair])] = [:]
        private let writesPairs: Bool

        /// A writer for one transaction; `writesPairs` false for the v4 migration, which runs before the composite
        /// tables exist (v8 creates them empty).
        init(writesPairs: Bool = true) {
            self.writesPairs = writesPairs
        }

        /// Indexes a record that was just inserted or replaced in `records`: registers its new field names
        /// (back-filling nulls for the collection's other records) and writes one row per registered name.
        mutating func put(_ fields: [String: FieldValue], id: String, scope: String, collection: String, _ db: Database) throws {
            let key = CollectionKey(scope: scope, collection: collection)
            var (known, composites) = try catalog(key, db)
            var registered = false
            for name in fields.keys where known[name] == nil {
                known[name] = try Self.register(name, scope: scope, collection: collection, db)
                registered = true
            }
            if registered { catalogs[key] = (known, composites) }
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO record_fields (field, id, value) VALUES (?, ?, ?)
                    ON CONFLICT (field, id) DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value
                    """)
            for (name, field) in known {
                try upsert.execute(arguments: [field, id, (fields[name] ?? .null).indexValue])
            }
            guard !composites.isEmpty else { return }
            let pairUpsert = try db.cachedStatement(
                sql: """
                    INSERT INTO record_composite_values (composite, id, equal_value, value) VALUES (?, ?, ?, ?)
                    ON CONFLICT (composite, id) DO UPDATE SET equal_value = excluded.equal_value, value = excluded.value
                    WHERE equal_value IS NOT excluded.equal_value OR value IS NOT excluded.value
                    """)
            for pair in composites {
                try pairUpsert.execute(
                    arguments: [pair.key, id, (fields[pair.equalName] ?? .null).indexValue, (fields[pair.sortName] ?? .null).indexValue])
            }
        }

        /// Removes a deleted record's rows.
        mutating func delete(id: String, scope: String, collection: String, _ db: Database) throws {
            let (known, composites) = try catalog(CollectionKey(scope: scope, collection: collection), db)
            let statement = try db.cachedStatement(sql: "DELETE FROM record_fields WHERE field = ? AND id = ?")
            for field in known.values { try statement.execute(arguments: [field, id]) }
            guard !composites.isEmpty else { return }
            let pairDelete = try db.cachedStatement(sql: "DELETE FROM record_composite_values WHERE composite = ? AND id = ?")
            for pair in composites { try pairDelete.execute(arguments: [pair.key, id]) }
        }

        /// A collection's field keys and pairs, read once per writer (one statement; the field keys alone before
        /// the composite tables exist).
        private mutating func catalog(
            _ key: CollectionKey, _ db: Database
        ) throws -> (keys: [String: Int64], pairs: [RecordCompositeIndex.Pair]) {
            if let known = catalogs[key] { return known }
            let found = writesPairs
                ? try RecordCompositeIndex.fieldKeysAndPairs(scope: key.scope, collection: key.collection, db)
                : (try RecordFieldIndex.fieldKeys(scope: key.scope, collection: key.collection, db), [])
            catalogs[key] = found
            return found
        }

        /// Registers a name and gives every record already in the collection a null row for it.
        private static func register(_ name: String, scope: String, collection: String, _ db: Database) throws -> Int64 {
            try db.execute(
                sql: "INSERT INTO record_field_names (scope, collection, name) VALUES (?, ?, ?)",
                arguments: [scope, collection, name])
            let field = db.lastInsertedRowID
            try db.execute(
                sql: """
                    INSERT INTO record_fields (field, id, value)
                    SELECT ?, id, NULL FROM records WHERE scope = ? AND collection = ?
                    """,
                arguments: [field, scope, collection])
            return field
        }
    }
}

extension FieldValue {
    /// The value as `record_fields.value` holds it: `NULL` for null (and NaN), an integer for ints and Booleans,
    /// a real for doubles and dates (seconds since 2001-01-01), text for strings.
    var indexValue: DatabaseValue {
        if isNull { return .null }
        switch self {
        case .null: return .null
        case .bool(let value): return (value ? 1 : 0 as Int64).databaseValue
        case .int(let value): return value.databaseValue
        case .double(let value): return value.databaseValue
        case .date(let value): return value.timeIntervalSinceReferenceDate.databaseValue
        case .string(let value): return value.databaseValue
        }
    }
}
