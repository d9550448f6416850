import Foundation

/// A validated operation on its way into the change log.
public struct PendingChange: Sendable, Hashable {
    /// The idempotency key within the household.
    public let opID: UUID
    /// What the change is about.
    public let kind: ChangeKind
    /// The journal entry or product id.
    public let entityID: String
    /// The payload as compact JSON text.
    public let payloadJSON: String

    /// Creates a pending change.
    public init(opID: UUID, kind: ChangeKind, entityID: String, payloadJSON: String) {
        self.opID = opID
        self.kind = kind
        self.entityID = entityID
        self.payloadJSON = payloadJSON
    }
}
