/// What a change in a household's log is about.
public enum ChangeKind: String, Sendable, Codable, CaseIterable {
    /// An inventory journal entry (the kit's `InventoryJournalEntry`), keyed by its entry id; appended once.
    case journal
    /// A product change (the kit's `ProductChange`), keyed by its product id; judged by the kit's `ProductPushRule`.
    case product
    /// A named entity (the kit's `NamedEntity`: a category, manufacturer, location, unit or tag), keyed by its id;
    /// versions of one id are joined with the kit's `NamedEntity.reconciled(with:)`, and one live record per
    /// kind and semantic key is kept by a unique constraint.
    case namedEntity
}
