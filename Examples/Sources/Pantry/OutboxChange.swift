import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule

/// One change of this pantry that has not reached the remote, as `pantry outbox` and `pantry status` show it: its
/// own id (the operation id that `outbox requeue` and `outbox discard` take), what it changes, and why it waits.
struct OutboxChange: Encodable, Sendable {
    /// The operation id, lowercase (a journal entry's id for the inventory).
    var id: String
    /// `product`, `inventory` or `category`.
    var module: String
    /// What the change does: a product's title or id, a journal entry's operation and transaction, a category's name.
    var change: String
    /// `waiting` (pushed by the next sync) or `quarantined` (refused by the server; requeue or discard it).
    var state: String
    /// Failed pushes so far.
    var attempts: Int
    /// The last push error, if any.
    var lastError: String?

    private init<Payload>(_ entry: OutboxEntry<Payload>, module: String, change: String) {
        id = entry.operationID.uuidString.lowercased()
        self.module = module
        self.change = change
        state = entry.isQuarantined ? "quarantined" : "waiting"
        attempts = entry.attempts
        lastError = entry.lastError
    }

    /// A product change.
    init(_ entry: ProductOutboxEntry) {
        let what = entry.payload.product.map { "\($0.title ?? $0.productID.rawValue)" } ?? "delete \(entry.payload.productID.rawValue)"
        self.init(entry, module: "product", change: what)
    }

    /// A journal entry.
    init(_ entry: InventoryOutboxEntry) {
        let journal = entry.payload.entry
        self.init(entry, module: "inventory", change: "\(journal.operation.kind) (transaction \(journal.transactionID))")
    }

    /// A category (or other named entity) change.
    init(_ entry: NamedEntityOutboxEntry) {
        let entity = entry.payload.entity
        self.init(entry, module: entity.kind.rawValue, change: entity.displayName)
    }

    /// The waiting and the quarantined changes of every module, waiting ones first, each oldest first (at most
    /// `limit` waiting ones per module).
    static func all(in environment: PantryEnvironment, limit: Int = 100) async throws -> [OutboxChange] {
        let waiting =
            try await environment.products.waitingChanges(limit: limit).map(OutboxChange.init)
            + environment.inventory.waitingEntries(limit: limit).map(OutboxChange.init)
            + environment.namedEntities.waiting(limit: limit).map(OutboxChange.init)
        return try await waiting + quarantined(in: environment)
    }

    /// The quarantined changes of every module, oldest first per module.
    static func quarantined(in environment: PantryEnvironment) async throws -> [OutboxChange] {
        try await environment.products.quarantinedChanges().map { OutboxChange($0.entry) }
            + environment.inventory.quarantinedEntries().map { OutboxChange($0.entry) }
            + environment.namedEntities.quarantined().map { OutboxChange($0.entry) }
    }

    /// The ids as operation ids.
    ///
    /// - Throws: ``PantryError/invalidArgument(_:)`` for a text that is not a UUID.
    static func operationIDs(_ texts: [String]) throws -> Set<UUID> {
        Set(try texts.map { text in
            guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
                throw PantryError.invalidArgument("\(text) is not a change id (`pantry outbox` lists them)")
            }
            return id
        })
    }

    /// Refuses ids that are not quarantined changes of this pantry, naming them, before anything changes.
    ///
    /// - Throws: ``PantryError/invalidArgument(_:)``.
    static func requireQuarantined(_ ids: Set<UUID>, in environment: PantryEnvironment) async throws {
        let known = Set(try await quarantined(in: environment).map(\.id))
        let unknown = ids.map { $0.uuidString.lowercased() }.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw PantryError.invalidArgument(
                "no quarantined change \(unknown.joined(separator: ", ")) (`pantry outbox` lists the changes and their state)")
        }
    }
}
