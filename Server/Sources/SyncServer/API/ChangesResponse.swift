import Foundation
import Hummingbird

/// The body answering `GET /v1/households/{id}/changes`.
public struct ChangesResponse: Sendable, Codable, Equatable {
    /// One stored change.
    public struct Change: Sendable, Codable, Equatable {
        /// The household-wide sequence number; strictly increasing in commit order.
        public var seq: Int64
        /// The operation that stored it.
        public var opId: String
        /// `journal`, `product` or `namedEntity`.
        public var kind: ChangeKind
        /// The entity the payload describes.
        public var entityId: String
        /// The payload as the server stored it: the kit's canonical encoding of the value pushed (a product's
        /// remote record, a named entity's joined version), served byte for byte.
        public var payload: JSONFragment
        /// When the server stored it.
        public var createdAt: Date

        /// Creates a change.
        public init(seq: Int64, opId: String, kind: ChangeKind, entityId: String, payload: JSONFragment, createdAt: Date) {
            self.seq = seq
            self.opId = opId
            self.kind = kind
            self.entityId = entityId
            self.payload = payload
            self.createdAt = createdAt
        }
    }

    /// The changes after the requested cursor, in `seq` order.
    public var changes: [Change]
    /// The cursor to send as `after` next time: the last `seq` returned, or the request's `after` when none.
    public var cursor: Int64
    /// Whether more changes wait after ``cursor``.
    public var hasMore: Bool

    /// Creates a response.
    public init(changes: [Change], cursor: Int64, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }
}
