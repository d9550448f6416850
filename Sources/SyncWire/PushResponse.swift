/// The body answering a push: one result per operation, in request order (the OpenAPI schema `PushResponse`).
public struct PushResponse: Sendable, Codable, Equatable {
    /// One result per operation, in request order.
    public var results: [PushResult]

    /// Creates a response.
    public init(results: [PushResult]) { self.results = results }

    private enum CodingKeys: String, CodingKey { case results }

    /// Decodes a response. A result whose status this build does not know is left out: to the device, that
    /// operation was not answered, and it is pushed again later.
    /// - Throws: `DecodingError` when the body or a result of a known status is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        results = try container.decode([KnownResult].self, forKey: .results).compactMap(\.result)
    }

    /// One result, decoded whole only when its status is one this build knows.
    private struct KnownResult: Decodable {
        var result: PushResult?

        private enum Keys: String, CodingKey { case status }

        init(from decoder: any Decoder) throws {
            let status = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .status)
            result = PushResult.Status(rawValue: status) == nil ? nil : try PushResult(from: decoder)
        }
    }
}
