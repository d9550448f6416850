import Foundation
import InventoryKit
import InventoryModule
import ProductModule

/// A pushed operation's payload as the server read it from the request body.
///
/// A payload of a known kind is decoded straight from the body's bytes into the kit's type for that kind — its
/// numbers read from their text, never through `Double` — and encoded once in the kit's canonical form
/// (`RecordCoding`), which is what the server checks and, for a journal entry, stores. A payload the kit's type
/// refuses keeps the reason, which the validator reports for that operation alone.
enum OperationPayload: Sendable {
    /// A journal operation's payload, decoded from the body, with its canonical encoding.
    case journal(InventoryJournalEntry, canonical: Data)
    /// A product operation's payload, decoded from the body, with its canonical encoding.
    case product(ProductChange, canonical: Data)
    /// A named entity operation's payload, decoded from the body, with its canonical encoding.
    case namedEntity(NamedEntity, canonical: Data)
    /// Any JSON, from a ``PushRequest`` built in Swift: decoded into the kit's type by the validator.
    case json(JSONValue)
    /// The kit's type for the operation's kind refused the payload: why (``RecordCoding/describe(_:)``).
    case refused(type: String, reason: String)
    /// The payload is not a JSON object.
    case notObject
    /// The operation's kind is unknown, so its payload was not read.
    case unread
}
