import SyncWire

/// The result of one pushed operation, as the `result` label of `inventorykit_pushed_operations_total`.
package enum PushedOperationResult: String, CaseIterable, Sendable {
    /// Stored.
    case applied
    /// Stored before (same op id).
    case duplicate
    /// Refused: the server holds another state.
    case conflict
    /// Refused as invalid.
    case rejected
}

extension PushedOperationResult {
    /// The result a push response reports.
    init(_ status: PushResult.Status) {
        switch status {
        case .applied: self = .applied
        case .duplicate: self = .duplicate
        case .conflict: self = .conflict
        case .rejected: self = .rejected
        }
    }
}
