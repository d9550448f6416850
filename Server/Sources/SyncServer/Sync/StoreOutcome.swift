import SyncWire

/// What the store did with one ``PendingChange``.
package enum StoreOutcome: Sendable, Hashable {
    /// Stored now under this sequence number.
    case applied(seq: Int64)
    /// Stored before — an earlier push with the same op id, or the same journal entry under another op id — under
    /// this sequence number; nothing new was stored.
    case duplicate(seq: Int64)
    /// Not stored: the server holds another state the change was not based on; `current` is that state as a
    /// change payload (a product's remote record, or the named entity holding the semantic key).
    case conflict(current: JSONFragment)
    /// Not stored, ever: the kit's rules refuse the change.
    case rejected(reason: String)
}
