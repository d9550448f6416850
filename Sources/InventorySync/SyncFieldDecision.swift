import Foundation

/// One field of a record that a field-by-field merge decided (``ConflictPolicy/mergeFields``): which value the
/// record keeps and who wrote it, and the value it set aside, if any, and who wrote that.
///
/// A field changed on one side only is ``Kind/kept``: its value stays, nothing was set aside. A field
/// changed on both sides is ``Kind/replaced``: the later write's value stays, the other is discarded
/// and named here, so nobody's change disappears without a word.
public struct SyncFieldDecision: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How a field was decided.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Only one side changed the field since their common state: its value is kept, nothing is discarded.
        case kept
        /// Both sides changed the field: the later write's value is kept, the other's is discarded.
        case replaced
    }

    /// One side's value of a field and the write that set it.
    public struct Value: Hashable, Sendable, Codable {
        /// The value as text (`nil` when the field was empty).
        public var text: String?
        /// The write that set it.
        public var stamp: SyncStamp

        /// Creates a value.
        public init(text: String?, stamp: SyncStamp) {
            self.text = text
            self.stamp = stamp
        }
    }

    /// The field's name, as the record type encodes it (`title`, `brand`).
    public var field: String
    /// How it was decided.
    public var kind: Kind
    /// The value the record keeps.
    public var kept: Value
    /// The value set aside (``Kind/replaced`` only).
    public var discarded: Value?

    /// Creates a decision.
    public init(field: String, kind: Kind, kept: Value, discarded: Value? = nil) {
        self.field = field
        self.kind = kind
        self.kept = kept
        self.discarded = discarded
    }

    /// `title: 'Organic milk' (phone, later) replaced 'Milk 3.5%' (kitchen)` or `brand: kept 'Weihenstephan'
    /// (kitchen) — no other value`.
    public var description: String {
        let kept = "\(Self.quoted(self.kept.text)) (\(self.kept.stamp.replicaID)"
        switch (kind, discarded) {
        case (.replaced, let discarded?):
            return "\(field): \(kept), later) replaced \(Self.quoted(discarded.text)) (\(discarded.stamp.replicaID))"
        default:
            return "\(field): kept \(kept)) — no other value"
        }
    }

    private static func quoted(_ text: String?) -> String {
        text.map { "'\($0)'" } ?? "nothing"
    }
}
