import ProductModule

/// The outcome of ``ProductMerger/merge(_:into:now:)``: the merged product and what happened to each field.
public struct ProductMergeResult: Hashable, Sendable {
    /// The merged product (timestamps and version as the existing product's).
    public var product: Product
    /// Fields whose value the incoming record set or replaced.
    public var changedFields: [ProvenanceField]
    /// Fields where the incoming value differed but the existing one was kept, and why.
    public var keptFields: [KeptField]
    /// Whether anything differs from the existing product, provenance included (timestamps and version ignored).
    public var changed: Bool

    /// Creates a result.
    public init(product: Product, changedFields: [ProvenanceField], keptFields: [KeptField], changed: Bool) {
        self.product = product
        self.changedFields = changedFields
        self.keptFields = keptFields
        self.changed = changed
    }

    /// Warnings for the import report: user values kept, values that did not fit the details.
    public var warnings: [ImportWarning] {
        keptFields.compactMap { kept in
            switch kept.reason {
            case .userOwned: .userValueKept(kept.field)
            case .incompatibleDetails: .incompatibleDetails(kept.field)
            case .higherPriority: nil
            }
        }
    }

    /// A field whose existing value was kept.
    public struct KeptField: Hashable, Sendable {
        /// The field.
        public var field: ProvenanceField
        /// Who owns the kept value.
        public var owner: ProviderID?
        /// Why it was kept.
        public var reason: Reason

        /// Creates an entry.
        public init(field: ProvenanceField, owner: ProviderID?, reason: Reason) {
            self.field = field
            self.owner = owner
            self.reason = reason
        }

        /// Why a value was kept.
        public enum Reason: String, Hashable, Sendable, Codable {
            /// A person set it.
            case userOwned
            /// Its provider ranks above the incoming one.
            case higherPriority
            /// The incoming value does not fit the product's details.
            case incompatibleDetails
        }
    }
}
