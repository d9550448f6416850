import HTTPTypes
import SyncWire

extension ErrorCode {
    /// The HTTP status sent with this code; a code this server does not define is a 500.
    package var status: HTTPResponse.Status {
        switch self {
        case .invalidRequest: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound, .noSnapshot, .snapshotGone: .notFound
        case .payloadTooLarge: .contentTooLarge
        case .conflict: .conflict
        case .resyncRequired: .gone
        case .unavailable: .serviceUnavailable
        default: .internalServerError
        }
    }

    /// The code that best describes an HTTP status produced outside this server's handlers.
    package init(status: HTTPResponse.Status) {
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
