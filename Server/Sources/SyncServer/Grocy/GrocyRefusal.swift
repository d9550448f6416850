import HTTPTypes

/// Why the Grocy API refuses a request, answered as Grocy does: `{"error_message": …}` with status 400 (Grocy's
/// answer to what it will not do), or 401 with an empty body for a missing or wrong key.
enum GrocyRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// No key, an unknown one, or one no longer valid.
    case unauthorized
    /// A request the API understands and refuses; the message says why.
    case badRequest(String)
    /// A call outside the subset InventoryKit answers.
    case notSupported
    /// An integer id that names nothing of its kind in the household.
    case unknownID(kind: String, id: String)
    /// The server broke one of its own rules; logged, answered as 500.
    case internalInconsistency(String)

    /// The sentence the answer's `error_message` holds.
    var description: String {
        switch self {
        case .unauthorized: "Unauthorized."
        case .badRequest(let message): message
        case .notSupported: "not supported by InventoryKit"
        case .unknownID(let kind, let id): "No \(kind) with id \(id) exists in this household."
        case .internalInconsistency: "Internal server error."
        }
    }

    /// The answer's status.
    var status: HTTPResponse.Status {
        switch self {
        case .unauthorized: .unauthorized
        case .badRequest, .notSupported, .unknownID: .badRequest
        case .internalInconsistency: .internalServerError
        }
    }
}
