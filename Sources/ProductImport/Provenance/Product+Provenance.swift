import Foundation
import ProductModule

extension Product {
    /// The product's provenance, kept in `Product/attributes` under ``ProductProvenance/attributeKey``.
    ///
    /// Reads `nil` when the product has none or the attribute is unreadable (see `readProvenance()` to tell the
    /// two apart); setting `nil` removes the attribute.
    ///
    /// ```swift
    /// var product = imported.product
    /// product.provenance?.contributors   // ["openfoodfacts"]
    /// ```
    public var provenance: ProductProvenance? {
        get { try? readProvenance() }
        set {
            guard let newValue, let text = try? newValue.attributeValue() else {
                attributes[ProductProvenance.attributeKey] = nil
                return
            }
            attributes[ProductProvenance.attributeKey] = text
        }
    }

    /// The product's provenance, or `nil` when it has none.
    ///
    /// - Throws: `DecodingError` when the provenance attribute is present but not readable.
    public func readProvenance() throws -> ProductProvenance? {
        guard let text = attributes[ProductProvenance.attributeKey] else { return nil }
        return try ProductProvenance(attributeValue: text)
    }

    /// The recorded provenance, or the ``ProductProvenance/baseline(for:)`` a product without one is treated as
    /// having.
    public var effectiveProvenance: ProductProvenance {
        provenance ?? .baseline(for: self)
    }

    /// Rewrites the provenance attribute in the stored form (each source once) when it holds the earlier form
    /// (each field stating its source in full); for a store's migration of the products it holds.
    ///
    /// - Returns: whether the attribute changed: `false` when the product has no provenance, it is in the stored
    ///   form already, or it does not read (it is left as it is, as ``provenance`` reads it: absent).
    public mutating func restateProvenance() -> Bool {
        guard let text = attributes[ProductProvenance.attributeKey], !text.contains(#""sources":"#),
            let provenance = try? ProductProvenance(attributeValue: text),
            let restated = try? provenance.attributeValue(), restated != text
        else { return false }
        attributes[ProductProvenance.attributeKey] = restated
        return true
    }
}
