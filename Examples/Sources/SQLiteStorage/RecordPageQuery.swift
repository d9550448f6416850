import Foundation
import GRDB
import InventoryKit

/// One page of a `RecordQuery` executed by SQLite on the field index (``RecordFieldIndex``), with the semantics of
/// `RecordQueryEvaluator`: a page costs O(page · log n) reads whatever its depth, never a pass over the collection.
///
/// ## Plan
/// - **Sorted**: the statement walks the index of the first sort key the collection has registered
///   (`(field, value, id)` ascending, `(field, value DESC, id)` descending), so SQLite returns rows in query order
///   without sorting. Later sort keys are correlated lookups in `ORDER BY`; SQLite orders each run of equal
///   first-key values by them, so a multi-key sort costs the run of equal first values it reads on top of the page.
/// - **Sorted, with an equality filter on a declared pair** (``SQLiteCompositeIndex``: the filter, or a term of its
///   top-level `and`, requires the pair's equal field to equal a non-null value, and the pair's sort field is the
///   first registered sort key): the same walk on that value's range of the pair's index, so the rows walked are
///   the matches of that term alone.
/// - **Unsorted with an equality filter** (`equals`, alone or in a top-level `and`): the walk of that field's
///   equal values, which is in id order.
/// - **Otherwise**: the `records` primary key, in id order.
///
/// A sort key the collection never registered is null for every record and takes no part in the order. The
/// filter is a condition of the same statement (``RecordFieldSQL``; every case translates, nothing is
/// post-filtered), checked per row walked: a filter that matches few of the rows walked costs in proportion.
///
/// ## Cursor
/// After a cursor, the walk of the first sort key is two index ranges — the rows equal to the cursor's value placed
/// by the exact keyset condition on the other keys and the id (sorted by one key, a seek past the cursor's id),
/// then the rows after that value taken whole — and, descending, the nulls after it (a null cursor value: its run of nulls, then, ascending, every value); each
/// range is `LIMIT`ed to what the page still needs.
///
/// ## Damage
/// Each statement joins the walked ids to their `records` rows (an index row without its record, which only outside
/// damage could leave, is skipped); a row whose `fields` do not decode is skipped and named in the
/// page's `damaged` entries where it sorts (by its index values), and the walk continues until the page is full.
/// A page read for payloads only (``readsFields`` false) decodes the fields of its last record alone, so it returns
/// the other records whatever their fields hold; damage on the last record reads the page again with fields.
struct RecordPageQuery: Sendable {
    let query: RecordQuery
    let collection: RecordCollection
    let scope: StorageScope
    /// Whether the page's records carry their decoded fields; without, only the last record's are decoded (the
    /// next cursor is made from them) and the others' are left empty.
    var readsFields = true

    /// A statement returning `id, revision, payload, fields` rows in query order: its text and its arguments up to
    /// its `LIMIT ?`.
    private struct Walk {
        let sql: String
        let arguments: [DatabaseValue]
        let isCacheable: Bool
    }

    /// What a sorted walk reads: one field's rows of the field index, or one equal value's rows of a composite pair.
    private enum Source {
        /// The field index's rows of the field with this key.
        case field(Int64)
        /// The rows of the composite pair with this key whose equal field has this value.
        case pair(Int64, equalField: String, value: DatabaseValue)
    }

    /// Executes the query in the read transaction `db`.
    func page(_ db: Database) throws -> RecordPage<StoredRecord> {
        let (keys, pairs) = try RecordCompositeIndex.fieldKeysAndPairs(
            scope: scope.rawValue, collection: collection.rawValue, db)
        let walks = plan(keys, pairs)
        let reader = RecordRowReader(collection: collection)
        let capacity = query.limit + 1
        var records: [StoredRecord] = []
        var damaged: [(position: Int, record: DamagedRecord)] = []
        walking: for walk in walks {
            var skip = 0
            var fetch = capacity - records.count
            while true {
                let statement = walk.isCacheable ? try db.cachedStatement(sql: walk.sql) : try db.makeStatement(sql: walk.sql)
                let rows = try Row.fetchCursor(
                    statement, arguments: StatementArguments(walk.arguments + [(skip + fetch).databaseValue]))
                var fetched = 0
                while let row = try rows.next() {
                    fetched += 1
                    if fetched <= skip { continue }
                    // The page's last record always has its fields read: the next cursor holds its sort values.
                    switch try reader.read(row, readsFields: readsFields || records.count + 1 == query.limit) {
                    case .record(let record): records.append(record)
                    case .damaged(let entry):
                        // Damage shows only where fields are read; a payload reader sees it on the last record,
                        // and the page is read again with every record's fields, to place it.
                        guard readsFields else { return try RecordPageQuery(query: query, collection: collection, scope: scope).page(db) }
                        damaged.append((records.count, entry))
                    }
                    if records.count == capacity { break walking }
                }
                guard fetched == skip + fetch else { continue walking }
                skip = fetched
                fetch = max(fetch * 2, capacity - records.count)
            }
        }
        guard records.count > query.limit else {
            return RecordPage(records: records, nextCursor: nil, damaged: damaged.map(\.record))
        }
        records.removeLast()
        // Damage after the last record returned sorts after the cursor: the next page names it.
        let named = damaged.filter { $0.position < query.limit }.map(\.record)
        let next = records.last.map { RecordQueryEvaluator.cursor(after: $0, sort: query.sort) }
        return RecordPage(records: records, nextCursor: next, damaged: named)
    }

    /// The statements to run in order: each returns ids in query order.
    private func plan(_ keys: [String: Int64], _ pairs: [RecordCompositeIndex.Pair]) -> [Walk] {
        let sort = query.sort
        if let driving = sort.firstIndex(where: { keys[$0.field] != nil }), let key = keys[sort[driving].field] {
            let sortName = sort[driving].field
            let paired = equalityTerms(keys).lazy.compactMap { term in
                pairs.first { $0.equalName == term.field && $0.sortName == sortName }
                    .map { Source.pair($0.key, equalField: term.field, value: term.value) }
            }.first
            return sortedWalks(keys, driving: driving, source: paired ?? .field(key))
        }
        if let (field, key, _) = equalityTerms(keys).first {
            let sql = RecordFieldSQL(keys: keys, idColumn: "d.id", drivingField: field)
            let position = cursorCondition(sql)
            let condition = SQLCondition.all([position, filterCondition(sql)])
            if condition.isNever { return [] }
            return [walk(on: .field(key), ascending: true, condition, order: "d.id")]
        }
        let sql = RecordFieldSQL(keys: keys, idColumn: "r.id", drivingField: nil)
        let condition = SQLCondition.all([cursorCondition(sql), filterCondition(sql)])
        if condition.isNever { return [] }
        return [
            Walk(
                sql: "SELECT r.id, r.revision, r.payload, r.fields FROM records AS r "
                    + "WHERE r.scope = ? AND r.collection = ? AND \(condition.sql) "
                    + "ORDER BY r.id LIMIT ?",
                arguments: [scope.rawValue.databaseValue, collection.rawValue.databaseValue] + condition.arguments,
                isCacheable: condition.leafCount <= 8)
        ]
    }

    /// The walks of a query sorted by a registered field, the sort key at `driving`, read from `source`.
    private func sortedWalks(_ keys: [String: Int64], driving: Int, source key: Source) -> [Walk] {
        let sort = query.sort
        let ascending = sort[driving].order == .ascending
        var sql = RecordFieldSQL(keys: keys, idColumn: "d.id", drivingField: sort[driving].field)
        if case .pair(_, let field, _) = key { sql.pairedField = field }
        var order = ["d.value \(ascending ? "ASC" : "DESC")"]
        for sortKey in sort[(driving + 1)...] {
            if case .expression(let operand) = sql.operand(sortKey.field) {
                order.append("\(operand) \(sortKey.order == .ascending ? "ASC" : "DESC")")
            }
        }
        order.append("d.id")
        let orderBy = order.joined(separator: ", ")
        let filter = filterCondition(sql)
        if filter.isNever { return [] }
        let position = cursorCondition(sql)
        if position.isNever { return [] }
        guard let cursor = query.cursor, !position.isAlways else {
            return [walk(on: key, ascending: ascending, .all([position, filter]), order: orderBy)]
        }
        // The sort keys before `driving` are null in every record; the cursor ties on them (or the position would
        // have folded to always or never), so the driving value decides: its equal run, placed by the keyset of
        // the later keys and the id, then every row after it.
        let value = cursor.values[driving]
        let later = cursorCondition(sql, from: driving + 1)
        func range(_ sql: String, _ arguments: [DatabaseValue] = [], _ rest: SQLCondition) -> Walk {
            walk(on: key, ascending: ascending, .all([SQLCondition(sql, arguments), rest]), order: orderBy)
        }
        if value.isNull {
            let run = SQLCondition.all([later, filter])
            return ascending
                ? [range("d.value IS NULL", [], run), range("d.value >= ?", [(-Double.infinity).databaseValue], filter)]
                : [range("d.value IS NULL", [], run)]
        }
        // The rest of the cursor's equal run, placed by the later keys, then the values after it, each a range of
        // its own: sorted by one key, the run's rest is `d.value = ? AND d.id > ?`, so a page deep inside a long run
        // (records written together share a date) seeks to its place instead of reading the run from its start.
        // Descending, the nulls sort last, outside any range of values.
        let bound = value.indexValue
        let run = range("d.value = ?", [bound], .all([later, filter]))
        let after = range(ascending ? "d.value > ?" : "d.value < ?", [bound], filter)
        return ascending ? [run, after] : [run, after, range("d.value IS NULL", [], filter)]
    }

    /// A walk of one field's index, or of one equal value's range of a composite pair.
    private func walk(on source: Source, ascending: Bool, _ condition: SQLCondition, order: String) -> Walk {
        let from: String
        let range: SQLCondition
        switch source {
        case .field(let key):
            from = "record_fields AS d INDEXED BY \(ascending ? RecordFieldIndex.ascendingIndex : RecordFieldIndex.descendingIndex)"
            range = SQLCondition("d.field = \(key)", [])
        case .pair(let key, _, let value):
            from = "record_composite_values AS d INDEXED BY "
                + (ascending ? RecordCompositeIndex.ascendingIndex : RecordCompositeIndex.descendingIndex)
            range = SQLCondition("d.composite = \(key) AND d.equal_value = ?", [value])
        }
        let all = SQLCondition.all([range, condition])
        return Walk(
            sql: "SELECT d.id, r.revision, r.payload, r.fields FROM \(from) "
                + "CROSS JOIN records AS r ON r.scope = ? AND r.collection = ? AND r.id = d.id "
                + "WHERE \(all.sql) ORDER BY \(order) LIMIT ?",
            arguments: [scope.rawValue.databaseValue, collection.rawValue.databaseValue] + all.arguments,
            isCacheable: condition.leafCount <= 8)
    }

    /// The filter as a condition (always without a filter).
    private func filterCondition(_ sql: RecordFieldSQL) -> SQLCondition {
        query.filter.map(sql.condition) ?? .always
    }

    /// The exact keyset condition "sorts after the cursor" on the sort keys from `start` on: for some key, equal
    /// on every earlier one and after on it; or equal on all and a greater id. Always without a cursor.
    private func cursorCondition(_ sql: RecordFieldSQL, from start: Int = 0) -> SQLCondition {
        guard let cursor = query.cursor else { return .always }
        var alternatives: [SQLCondition] = []
        var equal: [SQLCondition] = []
        for (index, sortKey) in query.sort.enumerated() where index >= start {
            let value = cursor.values[index]
            alternatives.append(.all(equal + [sql.comparison(sortKey.field, sortKey.order == .ascending ? 1 : -1, value)]))
            equal.append(sql.comparison(sortKey.field, 0, value))
        }
        alternatives.append(.all(equal + [SQLCondition("\(sql.idColumn) > ?", [cursor.lastID.rawValue.databaseValue])]))
        return .any(alternatives)
    }

    /// The registered fields the filter requires to equal a non-null value (the filter itself or the terms of its
    /// top-level `and`), with their keys and values: each one's equal values are a range of its index, in id
    /// order, and of a composite pair it leads.
    private func equalityTerms(_ keys: [String: Int64]) -> [(field: String, key: Int64, value: DatabaseValue)] {
        let terms: [RecordFilter] = switch query.filter {
        case .and(let filters)?: filters
        case let filter?: [filter]
        case nil: []
        }
        return terms.compactMap { term in
            guard case .equals(let field, let value) = term, !value.isNull, let key = keys[field] else { return nil }
            return (field, key, value.indexValue)
        }
    }
}
