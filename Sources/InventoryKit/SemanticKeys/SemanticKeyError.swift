/// Why a string cannot be used as a ``SemanticKey`` by ``SemanticKey/init(validating:)``.
public enum SemanticKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The string normalizes to the empty key: it is empty or holds only whitespace. `raw` is the string as given.
    case empty(raw: String)

    /// A sentence for logs and error messages, e.g. `semantic key is empty after normalizing "   "`.
    ///
    /// The raw string is quoted, with newlines, tabs and other control characters escaped.
    public var description: String {
        switch self {
        case .empty(let raw):
            "semantic key is empty after normalizing \(String(reflecting: raw))"
        }
    }
}
