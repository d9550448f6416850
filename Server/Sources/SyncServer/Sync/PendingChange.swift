import Foundation
import SyncWire

/// A validated operation on its way into the change log.
package struct PendingChange: Sendable, Hashable {
    /// The idempotency key within the household.
    package let opID: UUID
    /// The journal entry, product or named entity id in its one spelling (a UUID in lower case).
    package let entityID: String
    /// The decoded payload.
    package let content: ChangeContent
    /// The content in the kit's canonical encoding (`RecordCoding`) when validation encoded it already; the store
    /// encodes a journal entry that has none when it writes it.
    package let canonicalPayload: Data?

    /// Creates a pending change.
    package init(opID: UUID, entityID: String, content: ChangeContent, canonicalPayload: Data? = nil) {
        self.opID = opID
        self.entityID = entityID
        self.content = content
        self.canonicalPayload = canonicalPayload
    }

    /// The kind of change.
    package var kind: ChangeKind { content.kind }
}
