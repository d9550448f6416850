import Foundation
import InventoryKit
import InventoryModule
import ProductModule
import SyncWire

/// A pushed operation's payload as the server read it from the request body.
///
/// A payload of a known kind is decoded straight from the body's bytes into the kit's type for that kind — its
/// numbers read from their text, never through `Double` — and the server stores the kit's canonical encoding of
/// that value (`RecordCoding`). A payload the kit's type refuses keeps the reason, which the validator reports for
/// that operation alone.
///
/// PostgreSQL cannot store U+0000, and a JSON body can carry it only as the escape `\u0000`. A body without that
/// escape (``OperationValidator/holdsNullCharacter(_:)``, one pass over its bytes) cannot hold it in any string,
/// so its payloads are not encoded here: the store encodes a journal entry while it writes the rows before it.
/// A body with the escape has each payload encoded while it is read (`canonical`), so the validator refuses the
/// operations whose kit value holds U+0000 and lets the others through.
enum OperationPayload: Sendable {
    /// A journal operation's payload, decoded from the body, with its canonical encoding when the body needs it checked.
    case journal(InventoryJournalEntry, canonical: Data?)
    /// A product operation's payload, decoded from the body, with its canonical encoding when the body needs it checked.
    case product(ProductChange, canonical: Data?)
    /// A named entity operation's payload, decoded from the body, with its canonical encoding when the body needs it checked.
    case namedEntity(NamedEntity, canonical: Data?)
    /// JSON text, from a ``PushRequest`` built in Swift: decoded into the kit's type by the validator.
    case json(JSONFragment)
    /// The kit's type for the operation's kind refused the payload: why (``RecordCoding/describe(_:)``).
    case refused(type: String, reason: String)
    /// The payload is not a JSON object.
    case notObject
    /// The operation's kind is unknown, so its payload was not read.
    case unread
}
