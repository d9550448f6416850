/// What happened to one operation of a push (the OpenAPI schema `PushResult`).
public struct PushResult: Sendable, Codable, Equatable {
    /// The outcome of one operation.
    public enum Status: String, Sendable, Codable {
        /// Stored now, under ``PushResult/seq``.
        case applied
        /// Stored before (an earlier push with the same `opId`, or the same journal entry under another `opId`),
        /// under ``PushResult/seq``; nothing new was stored.
        case duplicate
        /// Not stored: the server's state of the entity is not the one the change was built on.
        /// ``PushResult/current`` carries the server's state; the device resolves with its conflict policy and
        /// pushes again.
        case conflict
        /// Not stored; see ``PushResult/code`` and ``PushResult/message``.
        case rejected
    }

    /// The operation id, echoed.
    public var opId: String
    /// The outcome.
    public var status: Status
    /// Why it was rejected (an ``ErrorCode`` raw value).
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

    /// A rejection's reason, as one line: the message and the code in brackets.
    public var reason: String {
        let parts = [message, code.map { "(\($0))" }].compactMap { $0 }
        return parts.isEmpty ? "the server answered \(status.rawValue)" : parts.joined(separator: " ")
    }
}
