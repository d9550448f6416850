import Foundation
import GRDB
import InventoryKit

/// How a `RecordFilter` and the comparisons of a keyset cursor read as conditions over `record_fields`
/// (see ``RecordFieldIndex``).
///
/// A field is read by an ``Operand``: the driving row's `value` column when the statement walks that field's
/// index, a correlated lookup `(SELECT value FROM record_fields WHERE field = ? AND id = <row id>)` for any other
/// registered name, and the constant null for a name the collection never used. Every condition is two-valued
/// (never SQL `NULL`), so `NOT` agrees with ``RecordQueryEvaluator``; conditions on the constant null are folded
/// in Swift. Every filter case translates: nothing is post-filtered.
struct RecordFieldSQL: Sendable {
    /// How a statement reads one field.
    enum Operand: Sendable {
        /// SQL that yields the field's `record_fields.value` (`NULL` for null or missing). It holds no
        /// placeholder: the field key, an integer of `record_field_names`, is written into the text.
        case expression(String)
        /// The field is null for every record of the collection.
        case null
    }

    /// The registered names of the collection and their keys.
    let keys: [String: Int64]
    /// The SQL of the row id the statement walks (`d.id` or `r.id`).
    let idColumn: String
    /// The field whose index the statement walks, read as `d.value`; `nil` for none.
    let drivingField: String?
    /// The equal field of the composite pair the statement walks (``RecordCompositeIndex``), read as
    /// `d.equal_value`; `nil` when it walks the field index.
    var pairedField: String? = nil

    /// How a field is read.
    func operand(_ field: String) -> Operand {
        if field == drivingField { return .expression("d.value") }
        if field == pairedField { return .expression("d.equal_value") }
        guard let key = keys[field] else { return .null }
        return .expression("(SELECT value FROM record_fields WHERE field = \(key) AND id = \(idColumn))")
    }

    /// The filter as a condition.
    func condition(_ filter: RecordFilter) -> SQLCondition {
        switch filter {
        case .and(let filters): return .all(filters.map(condition))
        case .or(let filters): return .any(filters.map(condition))
        case .not(let inner): return condition(inner).negated
        case .isIn(let field, let values): return .any(values.map { condition(.equals(field, $0)) })
        default: break
        }
        guard let field = filter.fieldNames.first, case .expression(let sql) = operand(field) else {
            // The field is null in every record: the evaluator's answer for an empty record holds for all.
            return RecordQueryEvaluator.matches(filter, fields: [:]) ? .always : .never
        }
        return Self.leaf(filter, sql)
    }

    /// `operand` compared with `value` in `FieldValue` order: `sign` 0 for equal, 1 for after, -1 for before.
    func comparison(_ field: String, _ sign: Int, _ value: FieldValue) -> SQLCondition {
        switch operand(field) {
        case .null:
            return FieldValue.compare(.null, value) == sign ? .always : .never
        case .expression(let sql):
            let filter: RecordFilter = switch sign {
            case 0: .equals(field, value)
            case 1: .greaterThan(field, value)
            default: .lessThan(field, value)
            }
            return Self.leaf(filter, sql)
        }
    }

    /// A leaf filter over one operand `e`, two-valued for every stored value.
    private static func leaf(_ filter: RecordFilter, _ e: String) -> SQLCondition {
        let condition = SQLCondition.init(_:_:)
        switch filter {
        case .equals(_, let value):
            return value.isNull ? condition("\(e) IS NULL", []) : condition("\(e) IS ?", [value.indexValue])
        case .notEquals(_, let value):
            return value.isNull ? condition("\(e) IS NOT NULL", []) : condition("\(e) IS NOT ?", [value.indexValue])
        case .lessThan(_, let value):
            return value.isNull ? .never : orNull(e, "<", value, condition)
        case .lessThanOrEqual(_, let value):
            return value.isNull ? condition("\(e) IS NULL", []) : orNull(e, "<=", value, condition)
        case .greaterThan(_, let value):
            return value.isNull ? condition("\(e) IS NOT NULL", []) : notNull(e, ">", value, condition)
        case .greaterThanOrEqual(_, let value):
            return value.isNull ? .always : notNull(e, ">=", value, condition)
        case .contains(_, let text):
            if text.isEmpty { return condition("typeof(\(e)) = 'text'", []) }
            return condition("(typeof(\(e)) = 'text' AND instr(\(e), ?) > 0)", [text.databaseValue])
        case .hasPrefix(_, let text):
            // A byte prefix is a range of the BINARY order: [text, the next string of the same length).
            guard let upper = Self.prefixUpperBound(text) else {
                return condition("(\(e) IS NOT NULL AND \(e) >= ?)", [text.databaseValue])
            }
            return condition(
                "(\(e) IS NOT NULL AND \(e) >= ? AND \(e) < ?)", [text.databaseValue, upper.databaseValue])
        case .exists:
            return condition("\(e) IS NOT NULL", [])
        case .isIn, .and, .or, .not:
            return .never  // composite filters are split by `condition(_:)` before they get here
        }
    }

    /// `e < v` (or `<=`) where null sorts first: `e IS NULL OR e < v`.
    private static func orNull(
        _ e: String, _ op: String, _ value: FieldValue, _ condition: (String, [DatabaseValue]) -> SQLCondition
    ) -> SQLCondition {
        condition("(\(e) IS NULL OR \(e) \(op) ?)", [value.indexValue])
    }

    /// `e > v` (or `>=`), false for null.
    private static func notNull(
        _ e: String, _ op: String, _ value: FieldValue, _ condition: (String, [DatabaseValue]) -> SQLCondition
    ) -> SQLCondition {
        condition("(\(e) IS NOT NULL AND \(e) \(op) ?)", [value.indexValue])
    }

    /// The smallest string above every string that starts with `prefix` (its last scalar raised by one, dropping
    /// trailing U+10FFFF), or `nil` when every string from `prefix` on starts with it.
    static func prefixUpperBound(_ prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if next == 0xD800 { next = 0xE000 }
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars)
                return text
            }
        }
        return nil
    }
}
