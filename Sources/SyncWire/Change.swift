import Foundation

/// One stored change of a household's log, as a pull serves it (the OpenAPI schema `Change`, one of
/// `JournalChange`, `ProductRecordChange`, `NamedEntityChange`).
public struct Change<Payload: Sendable>: Sendable {
    /// The household-wide sequence number; strictly increasing in commit order.
    public var seq: Int64
    /// The operation that stored it.
    public var opId: String
    /// What the payload is.
    public var kind: ChangeKind
    /// The entity the payload describes.
    public var entityId: String
    /// The payload: the kit's encoding of the value pushed (a journal entry, a product's remote record, a named
    /// entity's joined version).
    public var payload: Payload
    /// When the server stored it.
    public var createdAt: Date

    /// Creates a change.
    public init(seq: Int64, opId: String, kind: ChangeKind, entityId: String, payload: Payload, createdAt: Date) {
        self.seq = seq
        self.opId = opId
        self.kind = kind
        self.entityId = entityId
        self.payload = payload
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey { case seq, opId, kind, entityId, payload, createdAt }
}

extension Change: Equatable where Payload: Equatable {}

extension Change: Encodable where Payload: Encodable {
    /// Encodes the change, `createdAt` as RFC 3339 text.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seq, forKey: .seq)
        try container.encode(opId, forKey: .opId)
        try container.encode(kind, forKey: .kind)
        try container.encode(entityId, forKey: .entityId)
        try container.encode(payload, forKey: .payload)
        try container.encodeWireDate(createdAt, forKey: .createdAt)
    }
}
