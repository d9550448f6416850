import Foundation

/// What one sync pass did: counts of pushed, pulled, failed and quarantined operations, the scopes whose pull
/// failed, and whether the remote stopped the pass.
///
/// Remote failures never throw out of a pass: they are recorded per operation and reported here and in the event
/// stream.
public struct SyncReport<Scope: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// Whether the remote was reachable (the connectivity provider said so).
    public var wasOnline = true
    /// Operations the remote acknowledged.
    public var pushed = 0
    /// Remote changes applied locally.
    public var pulled = 0
    /// Pushes that failed and will be retried.
    public var failed = 0
    /// Operations quarantined in this pass.
    public var quarantined = 0
    /// Conflicts resolved by the module's conflict policy.
    public var conflicts = 0
    /// The fields field-by-field merges decided in this pass, by kind (see ``SyncFieldDecision``).
    public var decidedFields: [SyncFieldDecision.Kind: Int] = [:]
    /// Outbox entries left after the pass (quarantined ones included).
    public var remaining = 0
    /// The scopes whose pull failed, with the error; the other scopes were pulled.
    public var pullFailures: [Scope: RemoteSyncError] = [:]
    /// The error that stopped the pass early: an unauthorized device, an address that is not the sync service, or a
    /// failed push call (then no pull ran).
    public var stoppedBy: RemoteSyncError?

    /// An empty report.
    public init() {}

    /// Whether the remote refused the device in this pass.
    public var wasUnauthorized: Bool {
        if case .unauthorized? = stoppedBy { return true }
        return false
    }

    /// Whether the pass stopped for something only a person can fix: the remote refused the device, or the address
    /// is not the sync service (``RemoteSyncError/stopsWithoutCharge``). No change was charged an attempt, and
    /// retry loops wait for someone to act.
    public var wasHalted: Bool { stoppedBy?.stopsWithoutCharge ?? false }

    /// A one-line summary.
    public var description: String {
        guard wasOnline else { return "offline: \(remaining) changes wait" }
        var text = "pushed \(pushed), pulled \(pulled), conflicts \(conflicts)"
        if !decidedFields.isEmpty {
            text += " (fields: " + SyncFieldDecision.Kind.allCases.compactMap { kind in
                decidedFields[kind].map { "\($0) \(kind.rawValue)" }
            }.joined(separator: ", ") + ")"
        }
        text += ", failed \(failed), quarantined \(quarantined), remaining \(remaining)"
        if !pullFailures.isEmpty { text += ", \(pullFailures.count) pull failure(s)" }
        if let stoppedBy { text += "; stopped: \(stoppedBy)" }
        return text
    }
}
