import Foundation
import InventoryKit
import InventoryModule
import ProductModule
import SyncWire

/// The decoded, validated payload of a pushed operation: one of the kit's own types.
package enum ChangeContent: Sendable, Hashable {
    /// A journal entry of the household pushing it.
    case journal(InventoryJournalEntry)
    /// A product change with the operation ids it supersedes.
    case product(ProductPushRequest)
    /// A named entity version.
    case namedEntity(NamedEntity)

    /// The kind of change.
    package var kind: ChangeKind {
        switch self {
        case .journal: .journal
        case .product: .product
        case .namedEntity: .namedEntity
        }
    }
}
