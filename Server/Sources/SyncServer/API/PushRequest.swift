/// The body of `POST /v1/households/{id}/push`: `{ "operations": [ ... ] }`.
public struct PushRequest: Sendable, Codable, Equatable {
    /// One operation as sent by a device. Fields are strings on the wire and validated by the service.
    public struct Operation: Sendable, Codable, Equatable {
        /// The client-chosen operation id (a UUID): the idempotency key within the household.
        public var opId: String
        /// `journal` or `product`.
        public var kind: String
        /// The id of the journal entry or product the payload describes.
        public var entityId: String
        /// The opaque JSON payload; must be an object.
        public var payload: JSONValue

        /// Creates an operation.
        public init(opId: String, kind: String, entityId: String, payload: JSONValue) {
            self.opId = opId
            self.kind = kind
            self.entityId = entityId
            self.payload = payload
        }
    }

    /// The operations, applied in order.
    public var operations: [Operation]

    /// Creates a request.
    public init(operations: [Operation]) { self.operations = operations }
}
