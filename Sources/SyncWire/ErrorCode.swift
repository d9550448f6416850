/// The stable machine-readable code of an ``ErrorEnvelope`` (the OpenAPI schema `ErrorCode`).
///
/// A struct rather than an enum, so a client reads an envelope from a newer server whose code it does not know:
/// the code keeps its text and compares unequal to every code named here.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The code as it travels, such as `invalid_request`.
    public let rawValue: String

    /// Wraps a code's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The request is malformed or a field failed validation (400).
    public static let invalidRequest = ErrorCode(rawValue: "invalid_request")
    /// No bearer token, or one that matches no live device (401).
    public static let unauthorized = ErrorCode(rawValue: "unauthorized")
    /// The device is authenticated but not a member of the household addressed (403).
    public static let forbidden = ErrorCode(rawValue: "forbidden")
    /// No such route or resource (404).
    public static let notFound = ErrorCode(rawValue: "not_found")
    /// The body is larger than the server accepts (413).
    public static let payloadTooLarge = ErrorCode(rawValue: "payload_too_large")
    /// The request conflicts with the resource's state (409).
    public static let conflict = ErrorCode(rawValue: "conflict")
    /// The client's cursor cannot be served: it must drop its cursor and pull from the start (410).
    public static let resyncRequired = ErrorCode(rawValue: "resync_required")
    /// The household has no snapshot to serve: its journal has nothing to fold; a device pulls the log instead (404).
    public static let noSnapshot = ErrorCode(rawValue: "no_snapshot")
    /// The snapshot's state asked for is no longer kept (a newer one replaced it): the device asks for the
    /// snapshot again (404).
    public static let snapshotGone = ErrorCode(rawValue: "snapshot_gone")
    /// Anything unexpected; details are logged, never returned (500).
    public static let `internal` = ErrorCode(rawValue: "internal")
    /// The server takes no new work for now: it is shutting down, or its database is unavailable for a moment (a
    /// failover, a restart); the client sends the request again (503).
    public static let unavailable = ErrorCode(rawValue: "unavailable")

    /// Every code the `/v1` API defines, in the order of the OpenAPI document.
    public static let allCases: [ErrorCode] = [
        .invalidRequest, .unauthorized, .forbidden, .notFound, .payloadTooLarge, .conflict, .resyncRequired,
        .noSnapshot, .snapshotGone, .internal, .unavailable,
    ]

    /// Decodes the code's text.
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the code's text.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The code's text.
    public var description: String { rawValue }
}
