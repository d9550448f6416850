import Foundation
import InventoryKit

extension ProductField {
    /// The fields a field-by-field merge decides one by one: every field but the id and the bookkeeping of the
    /// record as a whole (`createdAt`, `updatedAt`, `version`), which the merged write sets itself.
    public static let mergeable: [ProductField] = allCases.filter {
        ![.productID, .createdAt, .updatedAt, .version].contains($0)
    }
}

extension Product {
    /// The fields whose values differ between `self` and `other` (among ``ProductField/mergeable``).
    public func changedFields(from other: Product) -> [ProductField] {
        ProductField.mergeable.filter { !Self.access($0).same(self, other) }
    }

    /// Whether `field` holds the same value in `self` and `other`.
    public func hasSameValue(of field: ProductField, as other: Product) -> Bool {
        Self.access(field).same(self, other)
    }

    /// Sets `field` to its value in `other`.
    public mutating func take(_ field: ProductField, from other: Product) {
        Self.access(field).copy(&self, other)
    }

    /// The value of `field` as one line of text for a person (strings as they are, lists joined by `, `, other
    /// values as compact JSON); `nil` when the field is empty.
    public func text(of field: ProductField) -> String? {
        Self.access(field).text(self)
    }

    /// How one field is read, compared and copied.
    private struct FieldAccess {
        var same: (Product, Product) -> Bool
        var copy: (inout Product, Product) -> Void
        var text: (Product) -> String?
    }

    private static func field<Value: Equatable & Encodable>(
        _ path: WritableKeyPath<Product, Value>, text: @escaping (Value) -> String? = { jsonText($0) }
    ) -> FieldAccess {
        FieldAccess(
            same: { $0[keyPath: path] == $1[keyPath: path] }, copy: { $0[keyPath: path] = $1[keyPath: path] },
            text: { text($0[keyPath: path]) })
    }

    private static func string(_ path: WritableKeyPath<Product, String?>) -> FieldAccess {
        field(path) { $0 }
    }

    private static func list(_ path: WritableKeyPath<Product, [String]>) -> FieldAccess {
        field(path) { $0.isEmpty ? nil : $0.joined(separator: ", ") }
    }

    private static func jsonText(_ value: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return ["null", "[]", "{}", "\"\""].contains(text) ? nil : text
    }

    private static func access(_ name: ProductField) -> FieldAccess {
        switch name {
        case .barcode: field(\.barcode) { $0?.value }
        case .title: string(\.title)
        case .brand: string(\.brand)
        case .shortDescription: string(\.shortDescription)
        case .storageInstructions: string(\.storageInstructions)
        case .category: field(\.category)
        case .productDetails: field(\.productDetails)
        case .packaging: field(\.packaging)
        case .size: string(\.size)
        case .images: field(\.images)
        case .attributes: field(\.attributes)
        case .extractionMetadata: field(\.extractionMetadata)
        case .qualitySignals: field(\.qualitySignals)
        case .compliance: field(\.compliance)
        case .source: field(\.source)
        case .status: field(\.status) { $0.rawValue }
        case .manufacturer: field(\.manufacturer) { $0?.name }
        case .countryOfOrigin: string(\.countryOfOrigin)
        case .certifications: list(\.certifications)
        case .languageCodes: list(\.languageCodes)
        case .searchKeywords: list(\.searchKeywords)
        case .relatedBarcodes: list(\.relatedBarcodes)
        case .sku: string(\.sku)
        case .additionalIdentifiers: field(\.additionalIdentifiers)
        case .references: field(\.references)
        case .relatedAssetIDs: field(\.relatedAssetIDs)
        case .createdAt: field(\.createdAt)
        case .updatedAt: field(\.updatedAt)
        case .version: field(\.version) { String($0) }
        case .productID:
            FieldAccess(same: { $0.productID == $1.productID }, copy: { _, _ in }, text: { $0.productID.rawValue })
        }
    }
}
