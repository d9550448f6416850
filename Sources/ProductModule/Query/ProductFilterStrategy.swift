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
/// // A type-ahead page: titles starting with what the user typed, in title order.
/// let suggestions = ProductQuery(page: PageRequest(limit: 10), sort: .title(), filters: [.titlePrefix("Org")])
/// ```
///
/// ``text(_:)`` looks inside every title, brand and keyword, so a store reads every product to answer it;
/// ``titlePrefix(_:)`` is a range of the title order, which a store with a title index (the SQLite store's
/// `products_by_title`) answers without reading the products outside it.
///
/// The enum is coded as Swift synthesizes it (`{"text":{"_0":"milk"}}`, `{"titlePrefix":{"_0":"mi"}}`): a version
/// that does not know a case fails to decode it with a `DecodingError`, never with a crash.
public indirect enum ProductFilterStrategy: Hashable, Sendable, Codable {
    /// The primary barcode equals the normalized input; input that is not a valid GTIN matches nothing.
    case barcode(String)
    /// The normalized brand equals the normalized input.
    case brand(String)
    /// The category's main id equals `main` and, when `sub` is given, its sub id equals `sub` (exact ids).
    case category(main: String, sub: String? = nil)
    /// The normalized input is a substring of the normalized title, brand or a search keyword.
    case text(String)
    /// The normalized title starts with the normalized input; a product without a title (`nil`) never matches, and
    /// an empty (or all-whitespace) input matches every product that has one, a blank title kept from older data
    /// included.
    ///
    /// "Starts with" compares Unicode scalars (UTF-8 bytes), as an index range does, not characters: `"q"` matches
    /// `"q̇"` (`q` and a combining dot, which NFC does not compose), while `"cafe"` does not match `"café"` (NFC
    /// composes `é` into one scalar). Normalization trims the input, so `"whole "` also matches `"wholesale"`.
    case titlePrefix(String)
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
