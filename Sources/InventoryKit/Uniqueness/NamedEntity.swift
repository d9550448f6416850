import Foundation

/// A named entity of a ``NamedEntityKind`` — a category, a manufacturer, a storage location, a unit, a tag —
/// stored once per meaning: the record ``NamedEntityRepository`` keeps.
///
/// Under the ``SemanticUniquenessPolicy/unique`` policy the record's ``id`` is the deterministic id of its key
/// (``NamedEntityKind/id(for:)``), so two devices that create `"Produce"` and `"PRODUCE"` offline create the
/// same record. A record that lost a merge keeps existing as a tombstone: ``mergedInto`` names the record that
/// replaced it, so old references still resolve (``NamedEntityRepository/resolve(_:)``).
///
/// ```swift
/// let produce = try await categories.getOrCreate("Produce").entity
/// produce?.displayName   // "Produce": the first spelling seen, kept
/// produce?.aliases       // other spellings seen later, such as "PRODUCE"
/// ```
public struct NamedEntity: StorableRecord, Hashable, Identifiable {
    /// The collection named entities of every kind live in.
    public static let collection: RecordCollection = "namedEntities"

    /// The names of the fields stores index for named entities.
    public enum Field {
        /// The kind's name, a string.
        public static let kind = "kind"
        /// The semantic key's normalized string, or null before the key was populated.
        public static let semanticKey = "semanticKey"
        /// The lowercase id of the record this one was merged into, or null while the record is live.
        public static let mergedInto = "mergedInto"
        /// The creation date.
        public static let createdAt = "createdAt"
        /// The date of the last change.
        public static let updatedAt = "updatedAt"
    }

    /// The record's id: the deterministic id of its key for unique kinds, a random id otherwise (and for records
    /// created before keys existed).
    public var id: UUID
    /// The name of the record's ``NamedEntityKind``.
    public var kind: NamedEntityKind.Name
    /// The semantic key, or `nil` for a record created before keys existed (``SemanticKeyMigration`` populates it).
    public var semanticKey: SemanticKey?
    /// The first spelling seen, trimmed, kept as the name to show.
    public var displayName: String
    /// Other spellings seen, trimmed, without ``displayName``, unique by their UTF-8 bytes and in byte order.
    public var aliases: [String]
    /// When the record was first created.
    public var createdAt: Date
    /// When the record last changed.
    public var updatedAt: Date
    /// The record that replaced this one in a merge, or `nil` while this record is live.
    public var mergedInto: UUID?

    /// Creates a record; ``aliases`` are brought into their canonical form (trimmed, unique, byte order, without
    /// the display name).
    public init(
        id: UUID, kind: NamedEntityKind.Name, semanticKey: SemanticKey?, displayName: String, aliases: [String] = [],
        createdAt: Date, updatedAt: Date, mergedInto: UUID? = nil
    ) {
        self.id = id
        self.kind = kind
        self.semanticKey = semanticKey
        self.displayName = displayName
        self.aliases = NamedEntity.canonicalAliases(aliases, excluding: displayName)
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.mergedInto = mergedInto
    }

    /// Whether the record is live, that is not a merge tombstone.
    public var isLive: Bool { mergedInto == nil }

    /// The display name and the aliases: every spelling the record answers to.
    public var spellings: [String] { [displayName] + aliases }

    /// The record's key in its store.
    public var recordID: RecordID { RecordID(id) }

    /// The kind, the key, the merge target and both dates.
    public var indexedFields: [String: FieldValue] {
        [
            Field.kind: .string(kind.rawValue),
            Field.semanticKey: semanticKey.map { .string($0.rawValue) } ?? .null,
            Field.mergedInto: mergedInto.map { .string(RecordID($0).rawValue) } ?? .null,
            Field.createdAt: .date(createdAt),
            Field.updatedAt: .date(updatedAt),
        ]
    }

    // MARK: - Spellings

    /// A spelling as records keep it: leading and trailing whitespace removed.
    package static func cleanSpelling(_ spelling: String) -> String {
        spelling.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Aliases in canonical form: trimmed, empty ones and `displayName` removed, unique by UTF-8 bytes, in byte order.
    static func canonicalAliases(_ aliases: some Sequence<String>, excluding displayName: String) -> [String] {
        var seen = Set<[UInt8]>()
        seen.insert(Array(displayName.utf8))
        var result: [String] = []
        for alias in aliases {
            let clean = cleanSpelling(alias)
            guard !clean.isEmpty, seen.insert(Array(clean.utf8)).inserted else { continue }
            result.append(clean)
        }
        return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The record with `spelling` added as an alias, or `nil` when the record already answers to it.
    func addingAlias(_ spelling: String, at date: Date) -> NamedEntity? {
        let clean = NamedEntity.cleanSpelling(spelling)
        guard !clean.isEmpty, !spellings.contains(where: { $0.utf8.elementsEqual(clean.utf8) }) else { return nil }
        var updated = self
        updated.aliases = NamedEntity.canonicalAliases(aliases + [clean], excluding: displayName)
        updated.updatedAt = max(updatedAt, date)
        return updated
    }
}
