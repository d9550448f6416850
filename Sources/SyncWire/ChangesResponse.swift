import Foundation

/// The body answering `GET /v1/households/{id}/changes` (the OpenAPI schema `ChangesResponse`), its payloads read
/// as `Payload`: ``JSONFragment`` for any kind as text, or one of the kit's types for the changes of its kind
/// (``ChangePayload``).
public struct ChangesResponse<Payload: Sendable>: Sendable {
    /// The changes after the requested cursor, in `seq` order — those of the kinds `Payload` reads, when decoded.
    public var changes: [Change<Payload>]
    /// The cursor to send as `after` next time: the last `seq` returned, or the request's `after` when none.
    public var cursor: Int64
    /// Whether more changes wait after ``cursor``.
    public var hasMore: Bool

    /// Creates a response.
    public init(changes: [Change<Payload>], cursor: Int64, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }

    private enum CodingKeys: String, CodingKey { case changes, cursor, hasMore }
}

extension ChangesResponse: Equatable where Payload: Equatable {}

extension ChangesResponse: Encodable where Payload: Encodable {
    /// Encodes the page.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(changes, forKey: .changes)
        try container.encode(cursor, forKey: .cursor)
        try container.encode(hasMore, forKey: .hasMore)
    }
}

extension ChangesResponse: Decodable where Payload: ChangePayload {
    /// Decodes a page, keeping the changes whose kind `Payload` reads; the others, and changes of a kind this
    /// build does not know, are skipped without decoding their payloads.
    /// - Throws: `DecodingError` when the page or a kept change is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        changes = try container.decode([Row].self, forKey: .changes).compactMap(\.change)
        cursor = try container.decode(Int64.self, forKey: .cursor)
        hasMore = try container.decode(Bool.self, forKey: .hasMore)
    }

    /// One row of the page, decoded whole only when `Payload` reads its kind.
    private struct Row: Decodable {
        var change: Change<Payload>?

        init(from decoder: any Decoder) throws {
            typealias Keys = Change<Payload>.CodingKeys
            let container = try decoder.container(keyedBy: Keys.self)
            guard let kind = ChangeKind(rawValue: try container.decode(String.self, forKey: .kind)),
                Payload.reads(kind)
            else {
                change = nil
                return
            }
            change = Change(
                seq: try container.decode(Int64.self, forKey: .seq),
                opId: try container.decode(String.self, forKey: .opId),
                kind: kind,
                entityId: try container.decode(String.self, forKey: .entityId),
                payload: try container.decode(Payload.self, forKey: .payload),
                createdAt: try container.decodeWireDate(forKey: .createdAt))
        }
    }
}
