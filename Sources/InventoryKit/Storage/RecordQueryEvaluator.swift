import Foundation

/// The reference semantics of ``RecordQuery``: how every store filters, orders and pages records.
///
/// In-memory stores execute queries with it; adapters that translate queries natively must return the same
/// pages (the conformance suite in `InventoryKitTesting` checks it), and may use it to post-filter what they
/// cannot translate.
public enum RecordQueryEvaluator {
    /// Whether a record satisfies a filter (`nil` matches every record).
    public static func matches(_ filter: RecordFilter?, _ record: StoredRecord) -> Bool {
        guard let filter else { return true }
        return matches(filter, fields: record.fields)
    }

    /// Whether indexed fields satisfy a filter; a missing field reads as null.
    public static func matches(_ filter: RecordFilter, fields: [String: FieldValue]) -> Bool {
        switch filter {
        case .equals(let field, let value):
            return FieldValue.compare(fields[field] ?? .null, value) == 0
        case .notEquals(let field, let value):
            return FieldValue.compare(fields[field] ?? .null, value) != 0
        case .lessThan(let field, let value):
            return FieldValue.compare(fields[field] ?? .null, value) < 0
        case .lessThanOrEqual(let field, let value):
            return FieldValue.compare(fields[field] ?? .null, value) <= 0
        case .greaterThan(let field, let value):
            return FieldValue.compare(fields[field] ?? .null, value) > 0
        case .greaterThanOrEqual(let field, let value):
            return FieldValue.compare(fields[field] ?? .null, value) >= 0
        case .isIn(let field, let values):
            let current = fields[field] ?? .null
            return values.contains { FieldValue.compare(current, $0) == 0 }
        case .contains(let field, let text):
            guard let current = fields[field]?.stringValue else { return false }
            return containsBytes(current, text)
        case .hasPrefix(let field, let text):
            guard let current = fields[field]?.stringValue else { return false }
            return current.utf8.starts(with: text.utf8)
        case .exists(let field):
            return !(fields[field]?.isNull ?? true)
        case .and(let filters):
            return filters.allSatisfy { matches($0, fields: fields) }
        case .or(let filters):
            return filters.contains { matches($0, fields: fields) }
        case .not(let inner):
            return !matches(inner, fields: fields)
        }
    }

    /// Compares two records in query order: each sort key in turn, then the id ascending.
    ///
    /// - Returns: a negative number when `lhs` comes first, zero only for the same id, a positive number otherwise.
    public static func compare(_ lhs: StoredRecord, _ rhs: StoredRecord, sort: [RecordSortKey]) -> Int {
        for key in sort {
            let result = FieldValue.compare(lhs[field: key.field], rhs[field: key.field])
            if result != 0 { return key.order == .ascending ? result : -result }
        }
        if lhs.id == rhs.id { return 0 }
        return lhs.id < rhs.id ? -1 : 1
    }

    /// Whether a record comes strictly after the cursor's position in query order.
    public static func isAfter(_ record: StoredRecord, cursor: RecordCursor) -> Bool {
        for (index, key) in cursor.sort.enumerated() {
            let result = FieldValue.compare(record[field: key.field], cursor.values[index])
            if result != 0 { return key.order == .ascending ? result > 0 : result < 0 }
        }
        return cursor.lastID < record.id
    }

    /// The cursor that points just after `record` for a sort order.
    public static func cursor(after record: StoredRecord, sort: [RecordSortKey]) -> RecordCursor {
        RecordCursor(sort: sort, values: sort.map { record[field: $0.field] }, lastID: record.id)
    }

    /// Executes a query over records held in memory.
    ///
    /// Small pages are selected without sorting every match (a bounded sorted buffer); large pages sort the
    /// matches once.
    ///
    /// - Throws: the errors of ``RecordQuery/validate()``.
    public static func page(
        _ records: some Sequence<StoredRecord>, query: RecordQuery
    ) throws(StorageError) -> RecordPage<StoredRecord> {
        try query.validate()
        let capacity = query.limit + 1
        var best: [StoredRecord] = []
        if capacity > 64 {
            // Large pages: sort every match once, O(n log n).
            for record in records where matches(query.filter, record) {
                if let cursor = query.cursor, !isAfter(record, cursor: cursor) { continue }
                best.append(record)
            }
            best.sort { compare($0, $1, sort: query.sort) < 0 }
            if best.count > capacity { best.removeLast(best.count - capacity) }
        } else {
            // Small pages: keep the best `capacity` in a sorted buffer, O(n log k) plus at most k moves each.
            best.reserveCapacity(capacity)
            for record in records {
                guard matches(query.filter, record) else { continue }
                if let cursor = query.cursor, !isAfter(record, cursor: cursor) { continue }
                if best.count == capacity {
                    guard let last = best.last, compare(record, last, sort: query.sort) < 0 else { continue }
                    best.removeLast()
                }
                best.insert(record, at: insertionIndex(of: record, in: best, sort: query.sort))
            }
        }
        guard best.count > query.limit else { return RecordPage(records: best, nextCursor: nil) }
        best.removeLast()
        let next = best.last.map { cursor(after: $0, sort: query.sort) }
        return RecordPage(records: best, nextCursor: next)
    }

    /// Whether `haystack` contains `needle`, byte for byte (the SQL `instr` semantics).
    private static func containsBytes(_ haystack: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { hay in
            needle.withUTF8 { pin in
                guard pin.count <= hay.count, let first = pin.first else { return pin.isEmpty }
                var index = 0
                let last = hay.count - pin.count
                while index <= last {
                    if hay[index] == first {
                        var offset = 1
                        while offset < pin.count && hay[index + offset] == pin[offset] { offset += 1 }
                        if offset == pin.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }

    private static func insertionIndex(of record: StoredRecord, in sorted: [StoredRecord], sort: [RecordSortKey]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if compare(sorted[middle], record, sort: sort) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
