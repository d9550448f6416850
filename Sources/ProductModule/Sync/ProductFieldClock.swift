import Foundation
import InventoryKit
import InventorySync

/// The stamp of the last write of each field of a product: what a field-by-field merge
/// (`ConflictPolicy.mergeFields`) compares.
///
/// Compact: a field absent from ``fields`` was last written at ``base``. A product written whole (added,
/// imported, adopted from an older peer) has only a base; an edit of its title adds one entry. Changes carry the
/// clock of their product (``ProductChange/fieldClock``); `nil` there means every field was written at the
/// change's own stamp, which is also how changes of earlier versions read.
///
/// While a change waits to be acknowledged, its clock also remembers, for each field this replica wrote, the stamp
/// of the value that write replaced (``replaced``): a merge reads from it whether the other side changed the field
/// too (its stamp is another) or still holds the value this replica replaced — a decision by causality, not by the
/// clocks of two devices. A remote record never holds it.
public struct ProductFieldClock: Hashable, Sendable, Codable {
    /// The stamp of every field not named in ``fields``.
    public var base: SyncStamp
    /// The stamps of fields written after ``base``, by the field's encoded name (the `ProductField`'s raw value).
    public var fields: [String: SyncStamp]
    /// For each field this replica wrote since its state was last acknowledged, the stamp of the value the first of
    /// those writes replaced, by the field's encoded name.
    public var replaced: [String: SyncStamp]

    /// A clock whose every field was last written at `base`.
    public init(base: SyncStamp, fields: [String: SyncStamp] = [:], replaced: [String: SyncStamp] = [:]) {
        self.base = base
        self.fields = fields
        self.replaced = replaced
    }

    /// The clock of a change: its own when it has one, else every field written at the change's stamp.
    public init(of change: ProductChange) {
        self = change.fieldClock ?? ProductFieldClock(base: change.stamp)
    }

    /// The clock of a remote record: its own when it has one, else every field written at the record's stamp.
    public init(of record: RemoteProductRecord) {
        self = record.fieldClock ?? ProductFieldClock(base: record.stamp)
    }

    /// The stamp of the last write of `field`.
    public func stamp(of field: ProductField) -> SyncStamp {
        fields[field.rawValue] ?? base
    }

    /// The stamp of the value this replica's pending write of `field` replaced, or `nil` when it has not written the
    /// field since its state was last acknowledged.
    public func replacedStamp(of field: ProductField) -> SyncStamp? {
        replaced[field.rawValue]
    }

    /// The clock after a local write at `stamp` that changed `changed`: each field takes `stamp`, and remembers the
    /// stamp it replaced unless an earlier pending write of it already did.
    public func writing(_ changed: some Sequence<ProductField>, at stamp: SyncStamp) -> ProductFieldClock {
        var clock = self
        for field in changed {
            if clock.replaced[field.rawValue] == nil { clock.replaced[field.rawValue] = self.stamp(of: field) }
            clock.fields[field.rawValue] = stamp
        }
        return clock
    }

    /// The clock of the state once acknowledged or held by a remote: without ``replaced``.
    public var acknowledged: ProductFieldClock {
        ProductFieldClock(base: base, fields: fields)
    }

    /// Each field at the later of its two stamps: the clock of a merge of both writes. Commutative, associative and
    /// idempotent, so replicas that merge in any order agree.
    public func merged(with other: ProductFieldClock) -> ProductFieldClock {
        var merged = ProductFieldClock(base: max(base, other.base))
        for field in ProductField.mergeable {
            let stamp = max(self.stamp(of: field), other.stamp(of: field))
            if stamp != merged.base { merged.fields[field.rawValue] = stamp }
        }
        return merged
    }

    /// The clock as a change at `stamp` stores it: `nil` when every field was written at `stamp` (nothing to
    /// store), else without entries equal to the base.
    public func stored(for stamp: SyncStamp) -> ProductFieldClock? {
        var clock = self
        clock.fields = fields.filter { $0.value != base }
        return clock.base == stamp && clock.fields.isEmpty && clock.replaced.isEmpty ? nil : clock
    }

    private enum CodingKeys: String, CodingKey {
        case base, fields, replaced
    }

    /// Decodes a clock; a missing `fields` or `replaced` is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        base = try container.decode(SyncStamp.self, forKey: .base)
        fields = try container.decodeIfPresent([String: SyncStamp].self, forKey: .fields) ?? [:]
        replaced = try container.decodeIfPresent([String: SyncStamp].self, forKey: .replaced) ?? [:]
    }

    /// Encodes the clock; `fields` and `replaced` only when they name a field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(base, forKey: .base)
        if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
        if !replaced.isEmpty { try container.encode(replaced, forKey: .replaced) }
    }

    /// Writes the clock as its `Encodable` conformance does under `RecordCoding` (keys sorted by their UTF-8 bytes,
    /// as the writer requires and sorted keys are).
    package func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("base")
        try base.write(to: &writer)
        for (name, map) in [("fields", fields), ("replaced", replaced)] where !map.isEmpty {
            writer.member(name)
            writer.beginObject()
            for key in map.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.member(key)
                try map[key]?.write(to: &writer)
            }
            writer.endObject()
        }
        writer.endObject()
    }
}
