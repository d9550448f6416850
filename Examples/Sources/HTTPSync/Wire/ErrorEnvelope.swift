import Foundation

/// The server's one error shape: `{"error": {"code", "message", "details"}}`.
struct ErrorEnvelope: Decodable, Sendable {
    /// The error itself.
    struct Body: Decodable, Sendable {
        /// The stable machine-readable code, such as `unauthorized` or `resync_required`.
        var code: String
        /// A human-readable sentence.
        var message: String
        /// Field-level context.
        var details: [String: String]?
    }

    /// The error.
    var error: Body

    /// The envelope in `data`, or `nil` when the body is not one (a proxy's page, an empty body).
    static func decode(_ data: Data) -> ErrorEnvelope? {
        try? JSONDecoder().decode(ErrorEnvelope.self, from: data)
    }
}
