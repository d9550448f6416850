import Foundation

/// How strictly a ``NamedEntityKind`` keeps one record per semantic key.
///
/// | policy | get-or-create | ids | automatic merge |
/// |---|---|---|---|
/// | ``unique`` | returns the record of the key, creates it when there is none | deterministic (UUIDv5 of the key) | yes |
/// | ``detectAndAsk`` | reports likely duplicates; creates a second record only with `allowDuplicate: true` | random | no |
/// | ``allowDuplicates`` | always creates | random | no |
public enum SemanticUniquenessPolicy: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// One record per key. Get-or-create returns the existing record; concurrent and offline creations converge on
    /// the key's deterministic id, and records that still share a key are merged deterministically.
    case unique
    /// Likely duplicates (the same key, or a near key: plural/singular, edit distance 1) are reported as
    /// ``NamedEntityResult/duplicateFound(existing:)``; the caller decides, and a second record is created only
    /// when it confirms with `allowDuplicate: true`.
    case detectAndAsk
    /// No check: every creation makes a new record.
    case allowDuplicates

    /// The policy's name.
    public var description: String { rawValue }
}
