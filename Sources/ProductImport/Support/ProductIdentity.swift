import Foundation
import InventoryKit
import ProductModule

/// The identity rules of an import: a valid barcode is the product's id; without one, an id made
/// deterministically from a provider key or from the title; with neither barcode nor title, no identity.
struct ProductIdentity {
    /// The product id.
    var productID: ProductID
    /// The barcode, when valid.
    var barcode: Barcode?
    /// Whether the id was inferred from the title (no barcode, no provider key).
    var synthetic: Bool

    /// Resolves a record's identity.
    ///
    /// - Parameters:
    ///   - rawBarcode: The barcode as the provider wrote it.
    ///   - providerKey: A stable key of the record in the provider's catalogue (a SKU, a catalogue id), already
    ///     scoped to the provider.
    ///   - titleKey: A name made from the title (and brand or platform), or `nil` when the record has no title.
    ///   - source: Recorded as the barcode's source.
    ///   - warnings: Receives ``ImportWarning/invalidBarcode(_:reason:)``.
    /// - Returns: The identity, or the rejection when there is none.
    static func resolve(
        rawBarcode: String?, providerKey: String?, titleKey: String?, source: String?,
        warnings: inout [ImportWarning]
    ) -> Result<ProductIdentity, ImportRejection> {
        let trimmed = rawBarcode?.trimmedText()
        let barcodeText = trimmed?.isEmpty == false ? trimmed : nil
        if let barcodeText {
            do {
                let barcode = try Barcode(barcodeText, source: source)
                return .success(ProductIdentity(productID: barcode.productID, barcode: barcode, synthetic: false))
            } catch {
                let reason: String
                if case .invalidBarcode(_, let gtinError) = error { reason = "\(gtinError)" } else { reason = "\(error)" }
                guard titleKey != nil else { return .failure(.missingIdentity(barcode: String(barcodeText.prefix(80)))) }
                warnings.append(.invalidBarcode(String(barcodeText.prefix(80)), reason: reason))
            }
        }
        guard let titleKey else { return .failure(.missingIdentity(barcode: barcodeText.map { String($0.prefix(80)) })) }
        if let providerKey {
            let uuid = InventoryIDGenerator.generate(for: .product, semanticName: providerKey)
            return .success(ProductIdentity(productID: .generated(uuid), barcode: nil, synthetic: false))
        }
        let uuid = InventoryIDGenerator.generate(for: .product, semanticName: titleKey)
        return .success(ProductIdentity(productID: .generated(uuid), barcode: nil, synthetic: true))
    }
}

extension ProductIdentity {
    /// The name a barcode-less product's id is made from: `"<qualifier>/<title>"` (brand or platform), or the
    /// title alone.
    static func titleKey(_ title: String, qualifier: String?) -> String {
        guard let qualifier, !qualifier.isEmpty else { return title }
        return "\(qualifier)/\(title)"
    }
}
