import InventoryKit
import InventoryModule
import ProductModule
import SyncWire

/// A kit type a gateway pulls changes of: it names its kind, for the `kinds` filter, and a page reads only the
/// changes of that kind into it.
protocol KindPayload: ChangePayload {
    /// The change kind whose payloads are of this type.
    static var changeKind: ChangeKind { get }
}

extension RemoteProductRecord: @retroactive ChangePayload, KindPayload {
    static var changeKind: ChangeKind { .product }

    /// Only `product` changes: a page skips the others undecoded.
    public static func reads(_ kind: ChangeKind) -> Bool { kind == changeKind }
}

extension InventoryJournalEntry: @retroactive ChangePayload, KindPayload {
    static var changeKind: ChangeKind { .journal }

    /// Only `journal` changes: a page skips the others undecoded.
    public static func reads(_ kind: ChangeKind) -> Bool { kind == changeKind }
}

extension NamedEntity: @retroactive ChangePayload, KindPayload {
    static var changeKind: ChangeKind { .namedEntity }

    /// Only `namedEntity` changes: a page skips the others undecoded.
    public static func reads(_ kind: ChangeKind) -> Bool { kind == changeKind }
}
