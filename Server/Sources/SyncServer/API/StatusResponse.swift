import Hummingbird

/// The body of `GET /v1/health` and `GET /v1/ready`: `{"status":"ok"}`.
public struct StatusResponse: Sendable, Codable, Equatable, ResponseEncodable {
    /// `ok`.
    public var status: String

    /// Creates a response.
    public init(status: String) { self.status = status }
}
