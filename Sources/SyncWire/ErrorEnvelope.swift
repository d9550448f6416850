import Foundation

/// The one shape in which errors leave the server: `{"error":{"code","message","details"}}` (the OpenAPI schema
/// `ErrorEnvelope`).
public struct ErrorEnvelope: Sendable, Codable, Equatable {
    /// The body of the envelope.
    public struct Body: Sendable, Codable, Equatable {
        /// The machine-readable code.
        public var code: ErrorCode
        /// A human-readable sentence; never contains a token or internal detail.
        public var message: String
        /// Field-level context, for example `["field": "operations[2].opId"]`.
        public var details: [String: String]

        /// Creates a body.
        public init(code: ErrorCode, message: String, details: [String: String] = [:]) {
            self.code = code
            self.message = message
            self.details = details
        }

        private enum CodingKeys: String, CodingKey { case code, message, details }

        /// Decodes a body; absent `details` read as none.
        /// - Throws: `DecodingError` when `code` or `message` is missing.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try container.decode(ErrorCode.self, forKey: .code)
            message = try container.decode(String.self, forKey: .message)
            details = try container.decodeIfPresent([String: String].self, forKey: .details) ?? [:]
        }
    }

    /// The error.
    public var error: Body

    /// Creates an envelope.
    public init(code: ErrorCode, message: String, details: [String: String] = [:]) {
        self.error = Body(code: code, message: message, details: details)
    }

    /// The envelope in `data`, or `nil` when the body is not one (a proxy's page, an empty body).
    public static func decode(_ data: Data) -> ErrorEnvelope? {
        try? JSONDecoder().decode(ErrorEnvelope.self, from: data)
    }
}
