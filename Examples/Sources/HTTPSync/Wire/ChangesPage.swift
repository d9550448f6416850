import Foundation
import InventoryKit
import InventoryModule
import ProductModule

/// A payload of the change log: it knows the `kind` its changes carry.
protocol ChangePayload: Decodable, Sendable {
    /// The change kind whose payloads are of this type.
    static var changeKind: String { get }
}

extension RemoteProductRecord: ChangePayload {
    static var changeKind: String { "product" }
}

extension InventoryJournalEntry: ChangePayload {
    static var changeKind: String { "journal" }
}

extension NamedEntity: ChangePayload {
    static var changeKind: String { "namedEntity" }
}

/// A page of the household's change log: `{"changes": [{"seq", "opId", "kind", "entityId", "payload",
/// "createdAt"}], "cursor", "hasMore"}`, keeping the changes whose kind is `Payload.changeKind`.
///
/// Changes of other kinds are skipped without decoding their payloads, so a page stays readable when a server
/// ignores the `kinds` filter or adds a kind this client does not know.
struct ChangesPage<Payload: ChangePayload>: Decodable, Sendable {
    /// One change of the wanted kind.
    struct Change: Sendable {
        /// The household-wide sequence number.
        var seq: Int64
        /// The change's payload.
        var payload: Payload
    }

    /// The changes of the wanted kind, in sequence order.
    var changes: [Change]
    /// The cursor to send next time.
    var cursor: Int64
    /// Whether more changes follow.
    var hasMore: Bool

    private enum CodingKeys: String, CodingKey { case changes, cursor, hasMore }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        changes = try container.decode([Row].self, forKey: .changes).compactMap { row in
            row.payload.map { Change(seq: row.seq, payload: $0) }
        }
        cursor = try container.decode(Int64.self, forKey: .cursor)
        hasMore = try container.decode(Bool.self, forKey: .hasMore)
    }

    /// One row, its payload decoded only when it has the wanted kind.
    private struct Row: Decodable {
        var seq: Int64
        var payload: Payload?

        private enum CodingKeys: String, CodingKey { case seq, kind, payload }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            seq = try container.decode(Int64.self, forKey: .seq)
            let kind = try container.decode(String.self, forKey: .kind)
            payload = kind == Payload.changeKind ? try container.decode(Payload.self, forKey: .payload) : nil
        }
    }
}
