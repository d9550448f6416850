/// What a change in a household's log is about.
///
/// In this first slice both kinds carry opaque JSON payloads: the server stores and serves them
/// without applying the kit's conflict rules (a later slice runs products through `ProductConflictResolver`).
public enum ChangeKind: String, Sendable, Codable, CaseIterable {
    /// A journal entry, keyed by its entry id.
    case journal
    /// A product record, keyed by its product id.
    case product
}
