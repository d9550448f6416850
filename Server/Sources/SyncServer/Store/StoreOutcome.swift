/// What the store did with one ``PendingChange``.
public enum StoreOutcome: Sendable, Hashable {
    /// Stored now under this sequence number.
    case applied(seq: Int64)
    /// An earlier push stored this op id under this sequence number; nothing new was stored.
    case duplicate(seq: Int64)
}
