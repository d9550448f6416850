import Hummingbird

/// The body answering a push: one result per operation, in request order.
public struct PushResponse: Sendable, Codable, Equatable {
    /// What happened to one operation.
    public struct Result: Sendable, Codable, Equatable {
        /// The outcome of one operation.
        public enum Status: String, Sendable, Codable {
            /// Stored now, under ``Result/seq``.
            case applied
            /// Stored before (an earlier push with the same `opId`, or the same journal entry under another
            /// `opId`), under ``Result/seq``; nothing new was stored.
            case duplicate
            /// Not stored: the server's state of the entity is not the one the change was built on. ``Result/current``
            /// carries the server's state; the device resolves with its conflict policy and pushes again.
            case conflict
            /// Not stored; see ``Result/code`` and ``Result/message``.
            case rejected
        }

        /// The operation id, echoed.
        public var opId: String
        /// The outcome.
        public var status: Status
        /// Why it was rejected (an ``APIErrorCode`` raw value).
        public var code: String?
        /// A human-readable reason for a rejection.
        public var message: String?
        /// The sequence number of the stored change.
        public var seq: Int64?
        /// For a conflict: the server's current state, in the form a pull serves it (its stored text).
        public var current: JSONFragment?

        /// Creates a result.
        public init(
            opId: String, status: Status, code: String? = nil, message: String? = nil, seq: Int64? = nil,
            current: JSONFragment? = nil
        ) {
            self.opId = opId
            self.status = status
            self.code = code
            self.message = message
            self.seq = seq
            self.current = current
        }
    }

    /// One result per operation, in request order.
    public var results: [Result]

    /// Creates a response.
    public init(results: [Result]) { self.results = results }
}
