/// The body of `GET /v1/health` and `GET /v1/ready`: `{"status":"ok"}` (the OpenAPI schema `Status`).
public struct Status: Sendable, Codable, Equatable {
    /// `ok`.
    public var status: String

    /// Creates a status.
    public init(status: String) { self.status = status }

    /// `{"status":"ok"}`.
    public static let ok = Status(status: "ok")
}
