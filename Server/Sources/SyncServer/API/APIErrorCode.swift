import HTTPTypes

/// The machine-readable codes of the error envelope, each with its HTTP status.
public enum APIErrorCode: String, Sendable, Codable, CaseIterable {
    /// The request is malformed or a field failed validation (400).
    case invalidRequest = "invalid_request"
    /// No bearer token, or one that matches no live device (401).
    case unauthorized
    /// The device is authenticated but not a member of the household addressed (403).
    case forbidden
    /// No such route or resource (404).
    case notFound = "not_found"
    /// The body is larger than the server accepts (413).
    case payloadTooLarge = "payload_too_large"
    /// The request conflicts with the resource's state (409).
    case conflict
    /// The client's cursor cannot be served: it must drop its cursor and pull from the start (410).
    case resyncRequired = "resync_required"
    /// The household has no snapshot to serve: its journal has nothing to fold; a device pulls the log instead (404).
    case noSnapshot = "no_snapshot"
    /// The snapshot's state asked for is no longer kept (a newer one replaced it): the device asks for the
    /// snapshot again (404).
    case snapshotGone = "snapshot_gone"
    /// Anything unexpected; details are logged, never returned (500).
    case `internal`
    /// The server takes no new work for now: it is shutting down (`/v1/ready` answers it while the server drains),
    /// or its database is unavailable for a moment (a failover, a restart); the client sends the request again (503).
    case unavailable

    /// The HTTP status sent with this code.
    public var status: HTTPResponse.Status {
        switch self {
        case .invalidRequest: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .payloadTooLarge: .contentTooLarge
        case .conflict: .conflict
        case .resyncRequired: .gone
        case .noSnapshot, .snapshotGone: .notFound
        case .internal: .internalServerError
        case .unavailable: .serviceUnavailable
        }
    }

    /// The code that best describes an HTTP status produced outside this server's handlers.
    public init(status: HTTPResponse.Status) {
        switch status.code {
        case 400: self = .invalidRequest
        case 401: self = .unauthorized
        case 403: self = .forbidden
        case 404, 405: self = .notFound
        case 409: self = .conflict
        case 410: self = .resyncRequired
        case 413: self = .payloadTooLarge
        case 400..<500: self = .invalidRequest
        case 503: self = .unavailable
        default: self = .internal
        }
    }
}
