import Foundation
import GRDB
import InventoryKit
import ProductModule

/// The SQL that returns one page of a ``ProductQuery``: keyset pagination executed by SQLite, never loading more
/// than the page.
///
/// ## Order
/// A page is ordered by the sort column, then `product_id` ascending, in `FieldValue` order: NULL first
/// ascending and last descending (SQLite's own NULL order), numbers (dates) numerically, text by its bytes
/// (`BINARY` collation).
///
/// ## Ranges
/// The rows whose sort column is NULL, the rest of the cursor's tie (its value, after its product id) and the
/// values beyond the cursor's are ranges of the column's `(column, product_id)` index, and the query visits them in
/// order — `NULL`s, tie, values ascending; tie, values, `NULL`s descending — one statement each, each `LIMIT`ed to
/// what the page still needs. Splitting them keeps every condition an index range, so a page costs the same after
/// a tie of a million rows (an import stamps a whole batch with one time) as anywhere else; the single statement
/// `col >= v AND (col > v OR product_id > i)` seeks only to `v` and reads the whole tie before the page:
///
/// ```sql
/// -- after a cursor (value v, id i), ascending: the rest of the tie, then the values beyond it
/// SELECT product_id, payload, title_key FROM products
/// WHERE title_key = ? AND product_id > ? AND <filters> ORDER BY product_id LIMIT ?
/// SELECT product_id, payload, title_key FROM products
/// WHERE title_key > ? AND <filters> ORDER BY title_key ASC, product_id ASC LIMIT ?
/// -- the NULL range after a cursor on a NULL value:
/// SELECT product_id, payload, title_key FROM products
/// WHERE title_key IS NULL AND product_id > ? AND <filters> ORDER BY product_id LIMIT ?
/// ```
///
/// A cursor's value is compared in `FieldValue` order too: a cursor holding a number for a text column (or text
/// for a date column) is placed by kind — numbers sort before text — without comparing values SQLite would
/// coerce.
struct ProductPageStatements {
    /// One range of the `(column, product_id)` index.
    enum Segment: Sendable {
        /// The rows whose sort column is NULL, after a product id (or from the first).
        case nulls(afterID: String?)
        /// The rows whose sort column equals the cursor's value, after its product id: the rest of a tie.
        case ties(value: DatabaseValue, afterID: String)
        /// The rows with a value beyond the cursor's (after it in the sort's direction), or every row with a value.
        case values(beyond: DatabaseValue?)
    }

    /// A statement to run, with its arguments.
    struct Query: Sendable {
        /// The SQL text.
        let sql: String
        /// Its arguments.
        let arguments: StatementArguments
        /// Whether to keep the prepared statement in the connection's cache (small filters only, so arbitrary
        /// filter trees cannot grow the cache without bound).
        let isCacheable: Bool
    }

    /// The sort column.
    let column: String
    /// Whether the sort is ascending.
    let ascending: Bool
    /// The filters, as one condition.
    let filter: SQLCondition
    /// The page size; statements ask for one more row, to know whether a next page exists.
    let limit: Int
    /// The ranges to visit, in order.
    let segments: [Segment]

    /// The statements of a query.
    ///
    /// - Throws: the errors of `ProductQuery.validate()`.
    init(_ query: ProductQuery) throws(ProductQueryError) {
        try query.validate()
        column = ProductColumns.column(for: query.sort.key)
        ascending = query.sort.order == .ascending
        filter = .all(query.filters.map(\.sqlCondition))
        limit = query.page.limit
        // A filter that can never hold (an invalid barcode, an empty `or`) needs no statement at all.
        let segments = filter.isNever ? [] : Self.makeSegments(
            after: query.page.cursor?.recordCursor, numeric: ProductColumns.isNumeric(query.sort.key),
            ascending: ascending)
        // A filter that holds only for products with a value in the sort column (a title prefix, sorted by title)
        // skips the NULL range: SQLite would otherwise walk the filter's index range looking for NULLs it cannot hold.
        let needsValue = query.filters.contains { Self.requiresValue($0, of: query.sort.key) }
        self.segments = needsValue ? segments.filter { if case .nulls = $0 { false } else { true } } : segments
    }

    /// The statement that reads up to `count` rows of a segment, in query order.
    func query(for segment: Segment, count: Int) -> Query {
        var conditions: [SQLCondition] = []
        let order: String
        switch segment {
        case .nulls(let afterID):
            conditions.append(SQLCondition("\(column) IS NULL"))
            if let afterID { conditions.append(SQLCondition("product_id > ?", [afterID.databaseValue])) }
            order = "product_id"
        case .ties(let value, let afterID):
            conditions.append(SQLCondition("\(column) = ? AND product_id > ?", [value, afterID.databaseValue]))
            order = "product_id"
        case .values(let value?):
            conditions.append(SQLCondition("\(column) \(ascending ? ">" : "<") ?", [value]))
            order = "\(column) \(ascending ? "ASC" : "DESC"), product_id ASC"
        case .values(nil):
            conditions.append(SQLCondition("\(column) IS NOT NULL"))
            order = "\(column) \(ascending ? "ASC" : "DESC"), product_id ASC"
        }
        if !filter.isAlways { conditions.append(filter) }
        let condition = SQLCondition.all(conditions)
        return Query(
            sql: "SELECT product_id, payload, \(column) FROM products WHERE \(condition.sql) ORDER BY \(order) LIMIT ?",
            arguments: StatementArguments(condition.arguments + [count.databaseValue]),
            isCacheable: filter.leafCount <= 8)
    }

    /// The cursor after a row the statements returned: its sort column (index 2) and product id (index 0), as
    /// the `FieldValue`s `Product.indexedFields(syncState:)` holds — so a damaged row, whose payload does not
    /// decode, still places the next page.
    func cursor(after row: Row, sort: [RecordSortKey]) throws -> InventoryKit.RecordCursor? {
        let rawID = try row.decode(String.self, atIndex: 0)
        guard let id = RecordID(rawValue: rawID) else { return nil }
        let value: FieldValue
        switch row[2] as DatabaseValue? {
        case nil: value = .null
        case let stored?:
            switch stored.storage {
            case .null: value = .null
            case .string(let text): value = .string(text)
            case .double(let number): value = .date(Date(timeIntervalSinceReferenceDate: number))
            case .int64(let number): value = .date(Date(timeIntervalSinceReferenceDate: Double(number)))
            case .blob: value = .null
            }
        }
        return InventoryKit.RecordCursor(sort: sort, values: [value], lastID: id)
    }

    // MARK: - Segments

    /// Whether `filter` holds only for products whose `key` column has a value: a title prefix for the title, and an
    /// `and` holding such a filter.
    private static func requiresValue(_ filter: ProductFilterStrategy, of key: ProductSortKey) -> Bool {
        switch filter {
        case .titlePrefix: key == .title
        case .and(let filters): filters.contains { requiresValue($0, of: key) }
        default: false
        }
    }

    /// The ranges after a cursor, in query order.
    private static func makeSegments(after cursor: InventoryKit.RecordCursor?, numeric: Bool, ascending: Bool) -> [Segment] {
        let fromStart = Segment.values(beyond: nil)
        guard let cursor, let value = cursor.values.first else {
            return ascending ? [.nulls(afterID: nil), fromStart] : [fromStart, .nulls(afterID: nil)]
        }
        let id = cursor.lastID.rawValue
        if value.isNull {
            // NULLs come first ascending (the values follow) and last descending.
            return ascending ? [.nulls(afterID: id), fromStart] : [.nulls(afterID: id)]
        }
        switch (value, numeric) {
        case (.string(let text), false):
            let after: [Segment] = [.ties(value: text.databaseValue, afterID: id), .values(beyond: text.databaseValue)]
            return ascending ? after : after + [.nulls(afterID: nil)]
        case (_, true) where value.numericValue != nil:
            let number = value.numericValue?.databaseValue ?? .null
            let after: [Segment] = [.ties(value: number, afterID: id), .values(beyond: number)]
            return ascending ? after : after + [.nulls(afterID: nil)]
        case (_, false):
            // A number on a text column: it sorts after the NULLs and before every text.
            return ascending ? [fromStart] : [.nulls(afterID: nil)]
        case (_, true):
            // Text on a date column: it sorts after every number.
            return ascending ? [] : [fromStart, .nulls(afterID: nil)]
        }
    }
}
