import Foundation

/// A value of an indexed field of a record, which stores can filter and sort on without decoding the record.
///
/// ## Ordering
/// Every store orders field values the same way, so a query gives the same page from any adapter:
/// `null` (also a missing field) sorts first; then numbers — ``int(_:)``, ``double(_:)``, ``bool(_:)``
/// (`false` = 0, `true` = 1) and ``date(_:)`` (seconds since 2001-01-01) compared numerically; then strings,
/// compared by their UTF-8 bytes (SQLite's `BINARY` collation).
/// Two values are equal when that order says neither comes first, so `.int(1) == .double(1)` in a query.
public enum FieldValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// No value; a missing field reads as null.
    case null
    /// A Boolean, ordered as the number 0 or 1.
    case bool(Bool)
    /// An integer.
    case int(Int64)
    /// A floating-point number (NaN is treated as null).
    case double(Double)
    /// A string.
    case string(String)
    /// A point in time, ordered by its seconds since 2001-01-01.
    case date(Date)

    /// The value as a number, for numeric kinds.
    public var numericValue: Double? {
        switch self {
        case .bool(let value): value ? 1 : 0
        case .int(let value): Double(value)
        case .double(let value): value.isNaN ? nil : value
        case .date(let value): value.timeIntervalSinceReferenceDate.isNaN ? nil : value.timeIntervalSinceReferenceDate
        case .null, .string: nil
        }
    }

    /// The string, for ``string(_:)`` values.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Whether the value is null (or a NaN double).
    public var isNull: Bool {
        switch self {
        case .null: true
        case .double(let value): value.isNaN
        case .date(let value): value.timeIntervalSinceReferenceDate.isNaN
        default: false
        }
    }

    /// A readable rendering, such as `"milk"`, `42` or `null`.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .date(let value): "date(\(value.timeIntervalSinceReferenceDate))"
        }
    }

    /// Compares two values in the store order described in the type's documentation.
    ///
    /// - Returns: a negative number when `lhs` sorts first, zero when they are equal, a positive number otherwise.
    public static func compare(_ lhs: FieldValue, _ rhs: FieldValue) -> Int {
        let lhsRank = lhs.rank
        let rhsRank = rhs.rank
        if lhsRank != rhsRank { return lhsRank < rhsRank ? -1 : 1 }
        switch lhsRank {
        case 1:
            if case .int(let left) = lhs, case .int(let right) = rhs { return left < right ? -1 : (left == right ? 0 : 1) }
            let left = lhs.numericValue ?? 0
            let right = rhs.numericValue ?? 0
            return left < right ? -1 : (left == right ? 0 : 1)
        case 2:
            // Byte-wise, for equality too: Swift's `==` on strings is Unicode-canonical ("e\u{301}" == "é"),
            // which would disagree with the byte order and with SQLite's BINARY collation.
            let left = (lhs.stringValue ?? "").utf8
            let right = (rhs.stringValue ?? "").utf8
            if left.elementsEqual(right) { return 0 }
            return left.lexicographicallyPrecedes(right) ? -1 : 1
        default:
            return 0
        }
    }

    /// Whether two values are equal in store order (`.int(1)` equals `.double(1)`).
    public func matches(_ other: FieldValue) -> Bool { Self.compare(self, other) == 0 }

    private var rank: Int {
        switch self {
        case .null: 0
        case .double(let value): value.isNaN ? 0 : 1
        case .date(let value): value.timeIntervalSinceReferenceDate.isNaN ? 0 : 1
        case .bool, .int: 1
        case .string: 2
        }
    }
}
