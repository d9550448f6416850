/// The body answering a push: one result per operation, in request order (the OpenAPI schema `PushResponse`).
public struct PushResponse: Sendable, Codable, Equatable {
    /// One result per operation, in request order.
    public var results: [PushResult]

    /// Creates a response.
    public init(results: [PushResult]) { self.results = results }
}
