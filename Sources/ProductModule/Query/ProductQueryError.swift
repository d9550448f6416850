import Foundation

/// Why a product query cannot be executed as given.
public enum ProductQueryError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The page limit is outside `1...PageRequest.maximumLimit`.
    case invalidLimit(Int)
    /// The cursor was made for another sort order than the query's.
    case cursorMismatch(reason: String)
    /// The cursor token was not made by this module, or is damaged.
    case invalidCursor(reason: String)

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .invalidLimit(let limit):
            "invalid page limit \(limit): expected 1...\(PageRequest.maximumLimit)"
        case .cursorMismatch(let reason):
            "the cursor does not belong to this query: \(reason)"
        case .invalidCursor(let reason):
            "invalid cursor: \(reason)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
