import Foundation

/// A condition on a record's indexed fields, composable with ``and(_:)``, ``or(_:)`` and ``not(_:)``.
///
/// Every comparison uses the order of ``FieldValue``. A missing field reads as ``FieldValue/null``.
/// Text conditions (``contains(_:_:)``, ``hasPrefix(_:_:)``) compare bytes exactly: store a normalized search
/// field (for example ``SemanticKey/normalize(_:)`` of the title) and query it with normalized text to get
/// case-insensitive search that every adapter (SQLite `instr`, an in-memory scan) executes identically.
public indirect enum RecordFilter: Hashable, Sendable, Codable {
    /// The field equals the value.
    case equals(String, FieldValue)
    /// The field does not equal the value.
    case notEquals(String, FieldValue)
    /// The field sorts before the value.
    case lessThan(String, FieldValue)
    /// The field sorts before or equals the value.
    case lessThanOrEqual(String, FieldValue)
    /// The field sorts after the value.
    case greaterThan(String, FieldValue)
    /// The field sorts after or equals the value.
    case greaterThanOrEqual(String, FieldValue)
    /// The field equals one of the values.
    case isIn(String, [FieldValue])
    /// The field is a string that contains the text.
    case contains(String, String)
    /// The field is a string that starts with the text.
    case hasPrefix(String, String)
    /// The field is present and not null.
    case exists(String)
    /// Every filter holds (an empty list always holds).
    case and([RecordFilter])
    /// At least one filter holds (an empty list never holds).
    case or([RecordFilter])
    /// The filter does not hold.
    case not(RecordFilter)

    /// Every field name the filter reads.
    public var fieldNames: Set<String> {
        switch self {
        case .equals(let field, _), .notEquals(let field, _), .lessThan(let field, _),
            .lessThanOrEqual(let field, _), .greaterThan(let field, _), .greaterThanOrEqual(let field, _),
            .isIn(let field, _), .contains(let field, _), .hasPrefix(let field, _), .exists(let field):
            [field]
        case .and(let filters), .or(let filters):
            filters.reduce(into: Set<String>()) { $0.formUnion($1.fieldNames) }
        case .not(let filter):
            filter.fieldNames
        }
    }
}
