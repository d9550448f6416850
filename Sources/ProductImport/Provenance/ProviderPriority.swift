import Foundation

/// Which provider's value wins when two providers set the same field differently.
///
/// Providers earlier in `order` win over later ones; `fieldOrders` overrides the order for single fields;
/// providers in neither rank below every listed one, equal among themselves. A provider of equal or higher rank
/// replaces a value, so a provider's newer record updates what its older record set. ``ProviderID/user`` always
/// ranks first, whatever the lists say: nothing replaces a value a person set.
///
/// The default, `standard`: the user; then Open Food Facts (label data, keyed by barcode, revisioned); then a
/// generic CSV feed; then the collectibles catalogue; then anything else (inferred values, unknown sources).
///
/// ```swift
/// var priority = ProviderPriority.standard
/// priority.order.insert("acme-wholesale", at: 1)      // our own feed over Open Food Facts …
/// priority.fieldOrders[.nutrition] = [.openFoodFacts]  // … except for nutrition
/// ```
public struct ProviderPriority: Hashable, Sendable, Codable {
    /// Providers from the highest priority to the lowest.
    public var order: [ProviderID]
    /// Per-field orders that replace `order` for their field (providers not listed fall back to `order`,
    /// below the listed ones).
    public var fieldOrders: [ProvenanceField: [ProviderID]]

    /// Creates a priority list.
    public init(order: [ProviderID], fieldOrders: [ProvenanceField: [ProviderID]] = [:]) {
        self.order = order
        self.fieldOrders = fieldOrders
    }

    /// User, Open Food Facts, CSV feed, collectibles catalogue, then everything else.
    public static let standard = ProviderPriority(order: [.user, .openFoodFacts, .csvFeed, .collectibles])

    /// The provider's rank for a field: lower wins. ``ProviderID/user`` is always `Int.min`.
    public func rank(of provider: ProviderID, for field: ProvenanceField) -> Int {
        if provider.isUser { return Int.min }
        if let fieldOrder = fieldOrders[field], let index = fieldOrder.firstIndex(of: provider) {
            return index - (fieldOrder.count + 1)
        }
        return order.firstIndex(of: provider) ?? order.count
    }

    /// Whether `incoming` may replace a value `owner` set: its rank is equal or better.
    public func allows(_ incoming: ProviderID, toReplace owner: ProviderID, in field: ProvenanceField) -> Bool {
        guard !owner.isUser else { return false }
        return rank(of: incoming, for: field) <= rank(of: owner, for: field)
    }
}
