import Foundation
import GRDB
import InventoryKit

/// `count(matching:)` in SQL: the collection's `COUNT(*)` without a filter; with one, the rows of the field index
/// that satisfy it (``RecordFieldSQL``), walked on the field of a term SQLite can seek (a comparison, an `in`,
/// a prefix of the filter or of its top-level `and`), so a selective filter counts its range, not the collection.
///
/// The field index holds every record of the collection once per registered name, so counting one name's rows
/// counts records. It counts a row whose `fields` no longer decode (outside damage) by the values it was written
/// with.
struct RecordCount {
    let filter: RecordFilter?
    let collection: RecordCollection
    let scope: StorageScope

    /// Counts in the read transaction `db`.
    func count(_ db: Database) throws -> Int {
        let collectionArguments: [DatabaseValue] = [scope.rawValue.databaseValue, collection.rawValue.databaseValue]
        guard let filter else {
            let statement = try db.cachedStatement(sql: "SELECT COUNT(*) FROM records WHERE scope = ? AND collection = ?")
            return try Int.fetchOne(statement, arguments: StatementArguments(collectionArguments)) ?? 0
        }
        let keys = try RecordFieldIndex.fieldKeys(scope: scope.rawValue, collection: collection.rawValue, db)
        let sqlText: String
        let arguments: [DatabaseValue]
        let condition: SQLCondition
        if let (field, key) = Self.seekableField(filter, keys) {
            condition = RecordFieldSQL(keys: keys, idColumn: "d.id", drivingField: field).condition(filter)
            sqlText = "SELECT COUNT(*) FROM record_fields AS d WHERE d.field = \(key) AND \(condition.sql)"
            arguments = condition.arguments
        } else {
            condition = RecordFieldSQL(keys: keys, idColumn: "r.id", drivingField: nil).condition(filter)
            sqlText = "SELECT COUNT(*) FROM records AS r WHERE r.scope = ? AND r.collection = ? AND \(condition.sql)"
            arguments = collectionArguments + condition.arguments
        }
        if condition.isNever { return 0 }
        let statement = condition.leafCount <= 8 ? try db.cachedStatement(sql: sqlText) : try db.makeStatement(sql: sqlText)
        return try Int.fetchOne(statement, arguments: StatementArguments(arguments)) ?? 0
    }

    /// A registered field of a term of the filter (or of its top-level `and`) that bounds a range of its index.
    private static func seekableField(_ filter: RecordFilter, _ keys: [String: Int64]) -> (String, Int64)? {
        let terms: [RecordFilter] = if case .and(let filters) = filter { filters } else { [filter] }
        for term in terms {
            switch term {
            case .equals(let field, let value), .lessThan(let field, let value), .lessThanOrEqual(let field, let value),
                .greaterThan(let field, let value), .greaterThanOrEqual(let field, let value):
                if !value.isNull, let key = keys[field] { return (field, key) }
            case .hasPrefix(let field, _), .isIn(let field, _):
                if let key = keys[field] { return (field, key) }
            default:
                continue
            }
        }
        return nil
    }
}
