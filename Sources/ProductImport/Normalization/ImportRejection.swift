import Foundation
import ProductModule

/// Why a record was not imported. A rejected record never stops the rest of a batch.
public enum ImportRejection: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The record has no valid barcode and no title, so it has no identity (the barcode as given, if any).
    case missingIdentity(barcode: String?)
    /// The record's bytes are not the provider's format (not JSON, not UTF-8).
    case unparseable(reason: String)
    /// A CSV row could not be read, such as a quoted field never closed; `line` is the 1-based line it starts on.
    /// Reading resumed on the line after the defect, so later rows import.
    case malformedRow(line: Int, reason: String)
    /// The record is larger than ``ImportLimits/maximumRecordBytes``.
    case recordTooLarge(bytes: Int, limit: Int)
    /// The provider answered that it has no such product, such as Open Food Facts' `{"status": 0}`.
    case productNotFound(code: String?)
    /// The record parsed but has another shape than a product, such as a JSON array.
    case unexpectedShape(String)
    /// The normalized product broke a rule of the catalog.
    case invalidProduct(ProductID, reason: String)
    /// The catalog refused to store the product.
    case writeRefused(ProductID, reason: String)
    /// The catalog's stored copy of the product cannot be read (`StorageError.isDamagedData`), so the record
    /// could not be merged into it; the stored copy was left as it was and the rest of the import went on.
    case storedProductDamaged(ProductID, reason: String)

    /// A sentence naming the record's problem.
    public var description: String {
        switch self {
        case .missingIdentity(let barcode):
            if let barcode { "no valid barcode (\"\(barcode.prefix(80))\") and no title" } else { "no barcode and no title" }
        case .unparseable(let reason): "not readable: \(reason)"
        case .malformedRow(let line, let reason): "line \(line): \(reason)"
        case .recordTooLarge(let bytes, let limit): "the record is \(bytes) bytes, more than the limit of \(limit)"
        case .productNotFound(let code): "the provider has no product\(code.map { " \($0)" } ?? "")"
        case .unexpectedShape(let shape): "not a product record: \(shape)"
        case .invalidProduct(let id, let reason): "product \(id) is not valid: \(reason)"
        case .writeRefused(let id, let reason): "product \(id) was not stored: \(reason)"
        case .storedProductDamaged(let id, let reason): "the stored product \(id) cannot be read, so it was not updated: \(reason)"
        }
    }
}
