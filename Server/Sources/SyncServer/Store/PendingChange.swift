import Foundation

/// A validated operation on its way into the change log.
public struct PendingChange: Sendable, Hashable {
    /// The idempotency key within the household.
    public let opID: UUID
    /// The journal entry, product or named entity id, as the wire names it.
    public let entityID: String
    /// The decoded payload.
    public let content: ChangeContent

    /// Creates a pending change.
    public init(opID: UUID, entityID: String, content: ChangeContent) {
        self.opID = opID
        self.entityID = entityID
        self.content = content
    }

    /// The kind of change.
    public var kind: ChangeKind { content.kind }
}
