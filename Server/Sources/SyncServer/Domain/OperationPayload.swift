import Foundation
import InventoryKit
import InventoryModule
import ProductModule

/// A pushed operation's payload as the server read it from the request body.
///
/// A body ``PushBodyScreen`` passes has each payload decoded straight into the kit's type for the operation's
/// kind; a payload that does not decode so (or of an unknown kind, or from any other body) stays any JSON and is
/// validated the way ``PushRequest`` payloads are, messages included.
enum OperationPayload: Sendable {
    /// A journal operation's payload, decoded from the body.
    case journal(InventoryJournalEntry)
    /// A product operation's payload, decoded from the body.
    case product(ProductChange)
    /// A named entity operation's payload, decoded from the body.
    case namedEntity(NamedEntity)
    /// Any JSON, as sent.
    case json(JSONValue)

    /// The journal entry, when decoded as one.
    var journalEntry: InventoryJournalEntry? {
        if case .journal(let entry) = self { entry } else { nil }
    }

    /// The product change, when decoded as one.
    var productChange: ProductChange? {
        if case .product(let change) = self { change } else { nil }
    }

    /// The named entity, when decoded as one.
    var namedEntity: NamedEntity? {
        if case .namedEntity(let entity) = self { entity } else { nil }
    }
}
