import InventorySync

/// A condition on products, composable with ``and(_:)``, ``or(_:)`` and ``not(_:)``.
///
/// Text conditions compare `SemanticKey.normalize`d text, so case and spacing never matter. Every store and
/// gateway executes them with the semantics of ``ProductQueryEvaluator``, and translates them to a
/// `RecordFilter` with `ProductQuery.recordQuery()`.
///
/// ```swift
/// let filters: [ProductFilterStrategy] = [
///     .category(main: "food", sub: "dairy"),
///     .or([.brand("Fresh Farm"), .text("organic")]),
///     .not(.status(.archived)),
/// ]
/// ```
public indirect enum ProductFilterStrategy: Hashable, Sendable, Codable {
    /// The primary barcode equals the normalized input; input that is not a valid GTIN matches nothing.
    case barcode(String)
    /// The normalized brand equals the normalized input.
    case brand(String)
    /// The category's main id equals `main` and, when `sub` is given, its sub id equals `sub` (exact ids).
    case category(main: String, sub: String? = nil)
    /// The normalized input is a substring of the normalized title, brand or a search keyword.
    case text(String)
    /// The status equals the value.
    case status(ProductStatus)
    /// The product's sync state is of this kind; a product with unknown sync state matches no kind.
    case syncState(SyncStatusKind)
    /// Every filter holds (an empty list always holds).
    case and([ProductFilterStrategy])
    /// At least one filter holds (an empty list never holds).
    case or([ProductFilterStrategy])
    /// The filter does not hold.
    case not(ProductFilterStrategy)
}
