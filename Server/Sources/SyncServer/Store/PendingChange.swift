import Foundation
import InventoryKit
import ProductModule

/// A validated operation on its way into the change log.
public struct PendingChange: Sendable, Hashable {
    /// The idempotency key within the household.
    public let opID: UUID
    /// The journal entry, product or named entity id in its one spelling (a UUID in lower case).
    public let entityID: String
    /// The decoded payload.
    public let content: ChangeContent
    /// The content in the kit's canonical encoding (`RecordCoding`): what the log stores for a journal entry.
    public let canonicalPayload: Data

    /// Creates a pending change, encoding its content.
    /// - Throws: `EncodingError` from the kit's encoder.
    public init(opID: UUID, entityID: String, content: ChangeContent) throws {
        let canonical = switch content {
        case .journal(let entry): try RecordCoding.encode(entry)
        case .product(let request): try RecordCoding.encode(request.change)
        case .namedEntity(let entity): try RecordCoding.encode(entity)
        }
        self.init(opID: opID, entityID: entityID, content: content, canonicalPayload: canonical)
    }

    /// Creates a pending change whose content was encoded already.
    init(opID: UUID, entityID: String, content: ChangeContent, canonicalPayload: Data) {
        self.opID = opID
        self.entityID = entityID
        self.content = content
        self.canonicalPayload = canonicalPayload
    }

    /// The kind of change.
    public var kind: ChangeKind { content.kind }
}
