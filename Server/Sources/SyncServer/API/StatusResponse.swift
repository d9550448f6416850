import Hummingbird

/// The body of `GET /v1/health` and `GET /v1/ready`: `{"status":"ok"}`, or `{"status":"draining"}` from a
/// server shutting down.
public struct StatusResponse: Sendable, Codable, Equatable, ResponseEncodable {
    /// `ok`, or `draining`.
    public var status: String

    /// Creates a response.
    public init(status: String) { self.status = status }
}
