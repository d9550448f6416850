import Foundation
import InventorySync

/// One decided field of a sync conflict as `pantry sync` and `pantry conflicts` show it: the product, the field,
/// the value kept and who wrote it, the value set aside and who wrote it.
struct ConflictLine: Encodable {
    /// The product's id.
    var product: String
    /// The field (`title`, `brand`).
    var field: String
    /// `kept` (changed on one side only) or `replaced` (changed on both; the later write kept).
    var kind: String
    /// The value kept.
    var kept: String?
    /// The device that wrote the value kept.
    var keptBy: String
    /// The value set aside (`replaced` only).
    var discarded: String?
    /// The device that wrote the value set aside (`replaced` only).
    var discardedBy: String?
    /// When this device decided it (ISO 8601, UTC).
    var decidedAt: String

    init(_ record: SyncConflictRecord) {
        product = record.entityID
        field = record.decision.field
        kind = record.decision.kind.rawValue
        kept = record.decision.kept.text
        keptBy = record.decision.kept.stamp.replicaID.rawValue
        discarded = record.decision.discarded?.text
        discardedBy = record.decision.discarded?.stamp.replicaID.rawValue
        decidedAt = ISO8601DateFormatter().string(from: record.decidedAt)
        text = Output.terminalSafe("product \(record.entityID) \(record.decision)")
    }

    /// `product 4006381333931 title: 'Organic milk' (phone, later) replaced 'Milk 3.5%' (kitchen)`, made safe for a
    /// terminal.
    var text: String
}
