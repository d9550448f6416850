import Foundation
import InventoryKit
import InventorySync

/// The field-by-field merge of a local change and the remote state of the same product
/// (`ConflictPolicy.mergeFields`): each field takes the value of its later write, by the stamps of the two
/// ``ProductFieldClock``s, and every field whose values differ is named in a ``SyncFieldDecision``.
///
/// A field changed on one side only since the change's base (the remote stamp it was made on) is kept from that
/// side; a field changed on both is decided by the greater stamp. The result depends only on the two states and
/// their clocks, so every replica that meets the same pair merges it the same way.
struct ProductFieldMerge {
    /// The merged product (the remote state with the fields the local change won).
    var product: Product
    /// The merged clock: each field at the later of its two stamps.
    var clock: ProductFieldClock
    /// The fields whose values differed, as decided.
    var decisions: [SyncFieldDecision]
    /// Whether any field took the local value.
    var localWon: Bool

    /// Merges `local` (with its clock, made on the remote state stamped `base`) and `remote` (with its clock).
    ///
    /// Whether the remote side changed a field the local change wrote is read from the local clock's
    /// ``ProductFieldClock/replaced`` stamp: the remote still holding that stamp holds the value the local write
    /// replaced (kept, nothing lost); another stamp is a concurrent write (replaced by the later of the two, the
    /// other named as discarded). Without a common base (both sides created the product) every differing field was
    /// written on both sides.
    init(local: Product, localClock: ProductFieldClock, remote: Product, remoteClock: ProductFieldClock, base: SyncStamp?) {
        var merged = remote
        var decisions: [SyncFieldDecision] = []
        var mergedClock = localClock.acknowledged.merged(with: remoteClock.acknowledged)
        var localWon = false
        for field in ProductField.mergeable where !local.hasSameValue(of: field, as: remote) {
            let localStamp = localClock.stamp(of: field)
            let remoteStamp = remoteClock.stamp(of: field)
            let localValue = SyncFieldDecision.Value(text: local.text(of: field), stamp: localStamp)
            let remoteValue = SyncFieldDecision.Value(text: remote.text(of: field), stamp: remoteStamp)
            let localWrote = base == nil || localClock.replacedStamp(of: field) != nil
            let remoteWrote = base == nil || localClock.replacedStamp(of: field) != remoteStamp
            let localIsLater = localStamp > remoteStamp
            if localIsLater {
                merged.take(field, from: local)
                localWon = true
                // The merged write replaces the remote value of the field.
                mergedClock.replaced[field.rawValue] = remoteStamp
            }
            let (kept, other) = localIsLater ? (localValue, remoteValue) : (remoteValue, localValue)
            let bothChanged = localWrote && remoteWrote
            decisions.append(
                SyncFieldDecision(
                    field: field.rawValue, kind: bothChanged ? .replaced : .kept, kept: kept,
                    discarded: bothChanged ? other : nil))
        }
        merged.createdAt = min(local.createdAt, remote.createdAt)
        product = merged
        clock = mergedClock
        self.decisions = decisions
        self.localWon = localWon
    }
}
