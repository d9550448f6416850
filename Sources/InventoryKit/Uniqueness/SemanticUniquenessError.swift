import Foundation

/// Why a semantic-uniqueness operation refused to act. Every case names the kind and the records involved.
///
/// Storage failures are not wrapped: they surface as the store's ``StorageError``.
public enum SemanticUniquenessError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// A ``SemanticUniquenessPolicy/unique`` kind was asked for a second record of a key that already has one.
    case duplicateKey(kind: NamedEntityKind.Name, key: SemanticKey, existing: UUID)
    /// ``SemanticKeyMigration/mergeDuplicates(rewriter:)`` found live records without a semantic key: populate
    /// their keys first (``SemanticKeyMigration/populateKeys()``).
    case keysMissing(kind: NamedEntityKind.Name, ids: [UUID])
    /// No record of the kind has this id.
    case entityNotFound(kind: NamedEntityKind.Name, id: UUID)
    /// The record is a merge tombstone and cannot take part in this merge.
    case entityRetired(kind: NamedEntityKind.Name, id: UUID, mergedInto: UUID)
    /// Concurrent writers kept changing the records; the operation gave up after this many attempts.
    case contention(kind: NamedEntityKind.Name, id: UUID, attempts: Int)

    /// A message naming the kind, the key and the records.
    public var description: String {
        switch self {
        case .duplicateKey(let kind, let key, let existing):
            "\(kind) \"\(key)\" already exists as \(RecordID(existing)); the kind allows one record per key"
        case .keysMissing(let kind, let ids):
            "\(ids.count) \(kind) record(s) have no semantic key yet (first: "
                + (ids.first.map { RecordID($0).rawValue } ?? "none") + "); populate their keys first (SemanticKeyMigration.populateKeys())"
        case .entityNotFound(let kind, let id):
            "no \(kind) record has id \(RecordID(id))"
        case .entityRetired(let kind, let id, let target):
            "\(kind) \(RecordID(id)) was merged into \(RecordID(target))"
        case .contention(let kind, let id, let attempts):
            "\(kind) \(RecordID(id)) kept changing under concurrent writers; gave up after \(attempts) attempts"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
