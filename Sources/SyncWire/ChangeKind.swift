/// What a change in a household's log is about: the `kind` of a ``PushOperation`` and of a ``Change``.
public enum ChangeKind: String, Sendable, Codable, CaseIterable {
    /// An inventory journal entry (the kit's `InventoryJournalEntry`), keyed by its entry id; appended once.
    case journal
    /// A product change (the kit's `ProductChange`) pushed, a product's `RemoteProductRecord` pulled; keyed by
    /// its product id.
    case product
    /// A named entity (the kit's `NamedEntity`: a category, manufacturer, location, unit or tag), keyed by its id.
    case namedEntity
}
