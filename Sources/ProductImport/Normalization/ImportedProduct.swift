import Foundation
import ProductModule

/// A provider record normalized into a canonical `Product`, with its provenance and the warnings it raised.
public struct ImportedProduct: Hashable, Sendable {
    /// The canonical product: version 1, created at the import time, provenance in its attributes.
    public var product: Product
    /// What the normalizer noticed but got past.
    public var warnings: [ImportWarning]

    /// Creates an imported product.
    public init(product: Product, warnings: [ImportWarning] = []) {
        self.product = product
        self.warnings = warnings
    }

    /// The product's provenance (the baseline when it has none).
    public var provenance: ProductProvenance { product.effectiveProvenance }
}
