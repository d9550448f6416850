import ProductModule

/// What the server's Open Food Facts lookup found for a barcode, in the words a page uses: a product to offer, or
/// one plain sentence saying why there is none.
package enum ProductLookupAnswer: Sendable, Hashable {
    /// Open Food Facts knows the barcode: the kit's product, normalized by the kit's normalizer and valid by the
    /// kit's rules, its id the barcode's.
    case found(Product)
    /// Open Food Facts does not know the barcode.
    case notFound
    /// The server's shared rate limit, or Open Food Facts itself, says to ask later.
    case rateLimited
    /// No usable answer: Open Food Facts did not answer in time, failed, or answered something that is not a
    /// product record.
    case unavailable

    /// The sentence a page shows when nothing was found; `nil` for a product found.
    package var sentence: String? {
        switch self {
        case .found: nil
        case .notFound: "Open Food Facts does not know this barcode either."
        case .rateLimited: "Open Food Facts has been asked too often just now; try again in a minute."
        case .unavailable: "Open Food Facts gave no usable answer just now; try again later."
        }
    }
}
