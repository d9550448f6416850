import Foundation

/// A push's answer: `{"results": [{"opId", "status", "seq"?, "code"?, "message"?, "current"?}]}`, one result per
/// operation in request order. `Current` is what a conflict carries (`RemoteProductRecord` for products).
struct PushAnswer<Current: Decodable & Sendable>: Decodable, Sendable {
    /// What happened to one operation.
    struct Result: Decodable, Sendable {
        /// The operation answered.
        var opId: UUID
        /// `applied`, `duplicate`, `conflict` or `rejected`.
        var status: String
        /// The sequence of the stored change (applied, duplicate).
        var seq: Int64?
        /// Why it was rejected: an error code.
        var code: String?
        /// A human-readable reason for a rejection.
        var message: String?
        /// The server's current record (conflict).
        var current: Current?

        /// The rejection's reason, as one line.
        var reason: String {
            let parts = [message, code.map { "(\($0))" }].compactMap { $0 }
            return parts.isEmpty ? "the server answered \(status)" : parts.joined(separator: " ")
        }
    }

    /// One result per operation.
    var results: [Result]
}

