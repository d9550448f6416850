/// The body of `POST /v1/households/{id}/push`: `{ "operations": [ ... ] }`.
public struct PushRequest: Sendable, Codable, Equatable {
    /// One operation as sent by a device. Fields are strings on the wire and validated by the service.
    public struct Operation: Sendable, Codable, Equatable {
        /// The client-chosen operation id (a UUID): the idempotency key within the household.
        public var opId: String
        /// `journal`, `product` or `namedEntity` (``ChangeKind``).
        public var kind: String
        /// The id of the journal entry, product or named entity the payload describes.
        public var entityId: String
        /// The kit's JSON form of the change: an `InventoryJournalEntry`, a `ProductChange` or a `NamedEntity`.
        public var payload: JSONValue
        /// For a product: earlier operations of the pushing device on the same product that this one replaced
        /// before they were acknowledged (a server state written by one of them counts as this change's base).
        public var supersededOpIds: [String]?

        /// Creates an operation.
        public init(opId: String, kind: String, entityId: String, payload: JSONValue, supersededOpIds: [String]? = nil) {
            self.opId = opId
            self.kind = kind
            self.entityId = entityId
            self.payload = payload
            self.supersededOpIds = supersededOpIds
        }
    }

    /// The operations, applied in order.
    public var operations: [Operation]

    /// Creates a request.
    public init(operations: [Operation]) { self.operations = operations }
}
