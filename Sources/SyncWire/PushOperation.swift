import Foundation

/// One operation of a ``PushRequest``: `{"opId", "kind", "entityId", "payload", "supersededOpIds"?}` (the
/// OpenAPI schema `PushOperation`, one of `JournalOperation`, `ProductOperation`, `NamedEntityOperation`).
///
/// Fields are text as they travel; the server validates them. The payload is JSON text put on the wire byte for
/// byte — the kit's `RecordCoding` form of an `InventoryJournalEntry`, a `ProductChange` or a `NamedEntity` — so
/// the server reads exactly what the device wrote.
public struct PushOperation: Sendable, Codable, Equatable {
    /// The client-chosen operation id (a UUID): the idempotency key within the household.
    public var opId: String
    /// What the payload is: a ``ChangeKind`` raw value.
    public var kind: String
    /// The id of the journal entry, product or named entity the payload describes.
    public var entityId: String
    /// The change, as JSON text.
    public var payload: JSONFragment
    /// For a product: earlier operations of the pushing device on the same product that this one replaced before
    /// they were acknowledged (a server state written by one of them counts as this change's base).
    public var supersededOpIds: [String]?

    /// Creates an operation.
    public init(opId: String, kind: String, entityId: String, payload: JSONFragment, supersededOpIds: [String]? = nil) {
        self.opId = opId
        self.kind = kind
        self.entityId = entityId
        self.payload = payload
        self.supersededOpIds = supersededOpIds
    }

    /// Creates an operation whose payload is a JSON value.
    /// - Throws: `EncodingError` from writing the value's text.
    public init(opId: String, kind: String, entityId: String, payload: JSONValue, supersededOpIds: [String]? = nil) throws {
        self.init(opId: opId, kind: kind, entityId: entityId, payload: try JSONFragment(payload), supersededOpIds: supersededOpIds)
    }

    /// The operation's JSON object, its payload's text put in as it is (an encoder would parse and write it again).
    public func jsonBytes() -> Data {
        var object = Data(#"{"opId":"#.utf8)
        JSONText.appendString(opId, to: &object)
        object.append(contentsOf: Data(#","kind":"#.utf8))
        JSONText.appendString(kind, to: &object)
        object.append(contentsOf: Data(#","entityId":"#.utf8))
        JSONText.appendString(entityId, to: &object)
        if let supersededOpIds {
            object.append(contentsOf: Data(#","supersededOpIds":["#.utf8))
            for (index, id) in supersededOpIds.enumerated() {
                if index > 0 { object.append(UInt8(ascii: ",")) }
                JSONText.appendString(id, to: &object)
            }
            object.append(UInt8(ascii: "]"))
        }
        object.append(contentsOf: Data(#","payload":"#.utf8))
        object.append(contentsOf: Data(payload.text.utf8))
        object.append(UInt8(ascii: "}"))
        return object
    }
}
