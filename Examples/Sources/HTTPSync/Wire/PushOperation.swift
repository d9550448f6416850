import Foundation
import InventoryKit

/// One operation of a push body: `{"opId", "kind", "entityId", "payload", "supersededOpIds"?}`.
///
/// The payload is the kit's `RecordCoding` JSON of the change, put on the wire byte for byte (never decoded and
/// re-encoded), so the server reads exactly what the kit wrote.
struct PushOperation: Sendable {
    /// The kinds of operation the gateways push.
    enum Kind: String, Sendable {
        case journal, product, namedEntity
    }

    /// The client-chosen idempotency key.
    var opID: UUID
    /// What the payload is.
    var kind: Kind
    /// The journal entry's id or the product id.
    var entityID: String
    /// Earlier operations on the same product this one replaced (products only).
    var supersededOpIDs: [UUID]
    /// The change in `RecordCoding` form.
    var payload: Data

    /// Creates an operation whose payload is `value` in `RecordCoding` form.
    ///
    /// - Throws: the encoder's error.
    init(opID: UUID, kind: Kind, entityID: String, supersededOpIDs: [UUID] = [], payload value: some Encodable) throws {
        self.opID = opID
        self.kind = kind
        self.entityID = entityID
        self.supersededOpIDs = supersededOpIDs
        self.payload = try RecordCoding.encode(value)
    }

    /// The operation's JSON object.
    ///
    /// - Throws: the encoder's error.
    func encoded() throws -> Data {
        struct Header: Encodable {
            var opId: String
            var kind: String
            var entityId: String
            var supersededOpIds: [String]?
        }
        let header = Header(
            opId: opID.uuidString.lowercased(), kind: kind.rawValue, entityId: entityID,
            supersededOpIds: supersededOpIDs.isEmpty ? nil : supersededOpIDs.map { $0.uuidString.lowercased() })
        var object = try RecordCoding.encode(header)
        // `{…}` becomes `{…,"payload":<payload>}`: the header always has members, so a comma is right.
        object.removeLast()
        object.append(contentsOf: Data(#","payload":"#.utf8))
        object.append(payload)
        object.append(UInt8(ascii: "}"))
        return object
    }

    /// The body `{"operations":[…]}` of a push of `operations`, already encoded with ``encoded()``.
    static func body(_ operations: [Data]) -> Data {
        var body = Data(#"{"operations":["#.utf8)
        for (index, operation) in operations.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(operation)
        }
        body.append(contentsOf: Data("]}".utf8))
        return body
    }

    /// The bytes ``body(_:)`` adds around the operations: the wrapper and one comma per operation.
    static func bodyOverhead(count: Int) -> Int { 16 + count }
}
