import Foundation
import InventoryKit

/// The payload of a module's outbox entries: a `Codable` description of one change to push.
public protocol OutboxPayload: Codable, Sendable {
    /// The collection (in the user metadata store) where entries with this payload are kept.
    static var outboxCollection: RecordCollection { get }
}
