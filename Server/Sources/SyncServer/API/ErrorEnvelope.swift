/// The one shape in which errors leave the server: `{"error":{"code","message","details"}}`.
public struct ErrorEnvelope: Sendable, Codable, Equatable {
    /// The body of the envelope.
    public struct Body: Sendable, Codable, Equatable {
        /// The machine-readable code.
        public var code: APIErrorCode
        /// A human-readable message; never contains a token or internal detail.
        public var message: String
        /// Field-level context, for example `["field": "operations[2].opId"]`.
        public var details: [String: String]
    }

    /// The error.
    public var error: Body

    /// Creates an envelope.
    public init(code: APIErrorCode, message: String, details: [String: String] = [:]) {
        self.error = Body(code: code, message: message, details: details)
    }
}
