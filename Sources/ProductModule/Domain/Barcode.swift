import Foundation
import InventoryKit

/// A product's primary barcode: canonical GTIN digits, the symbology it was read as, and optional provenance.
///
/// The value is always in the canonical form of `GTIN.normalize(_:format:)` — a UPC-A code gains a leading
/// zero, a UPC-E code is expanded — so it can serve as the product's ``ProductID``. Decoding validates again.
///
/// ```swift
/// let barcode = try Barcode("0 36000 29145 2")      // value "0036000291452", symbology .upcA
/// let upcE = try Barcode("04252614", symbology: .upcE)  // value "0042100005264"
/// ```
public struct Barcode: Hashable, Sendable, Codable {
    /// The canonical GTIN digits (8, 13 or 14).
    public let value: String
    /// The symbology the code was read as.
    public let symbology: BarcodeSymbology
    /// How sure the reader was, 0 through 1, when known.
    public var confidence: Double?
    /// Who read the code (a scanner, an extractor, a person), when known.
    public var source: String?

    /// Creates a barcode from a scanned or typed code, normalizing it.
    ///
    /// The code is read with `GTINInputFormat.upcE` when `symbology` is ``BarcodeSymbology/upcE`` and with
    /// `GTINInputFormat.automatic` otherwise. A `nil` symbology is inferred from the raw digit count
    /// (8 → EAN-8, 12 → UPC-A, 13 → EAN-13, 14 → GTIN-14), or from the canonical digits for GS1 element strings
    /// and Digital Link URLs.
    ///
    /// - Throws: ``ProductValidationError/invalidBarcode(_:reason:)`` when the code does not normalize,
    ///   ``ProductValidationError/barcodeSymbologyMismatch(_:symbology:)`` when the digits cannot be of the
    ///   given symbology (an EAN-8 symbology on 13 digits).
    public init(
        _ raw: String, symbology: BarcodeSymbology? = nil, confidence: Double? = nil, source: String? = nil
    ) throws(ProductValidationError) {
        let canonical: String
        do {
            canonical = try GTIN.normalize(raw, format: symbology == .upcE ? .upcE : .automatic)
        } catch {
            throw .invalidBarcode(String(raw.prefix(80)), reason: error)
        }
        let resolved = symbology ?? Self.inferredSymbology(raw: raw, canonical: canonical)
        guard resolved.accepts(canonical: canonical) else {
            throw .barcodeSymbologyMismatch(canonical, symbology: resolved)
        }
        self.value = canonical
        self.symbology = resolved
        self.confidence = confidence
        self.source = source
    }

    /// The product id a product with this barcode has: the canonical digits.
    public var productID: ProductID { ProductID(canonicalDigits: value) }

    /// Wraps values already checked.
    private init(canonical: String, symbology: BarcodeSymbology, confidence: Double?, source: String?) {
        self.value = canonical
        self.symbology = symbology
        self.confidence = confidence
        self.source = source
    }

    // MARK: - Coding

    private enum CodingKeys: String, CodingKey {
        case value, symbology, confidence, source
    }

    /// Decodes a barcode and validates it again; a missing symbology is inferred from the digits.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is not a valid GTIN of its symbology.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let value = try container.decode(String.self, forKey: .value)
        let symbology = try container.decodeIfPresent(BarcodeSymbology.self, forKey: .symbology)
        let confidence = try container.decodeIfPresent(Double.self, forKey: .confidence)
        let source = try container.decodeIfPresent(String.self, forKey: .source)
        do throws(ProductValidationError) {
            self = try Barcode(stored: value, symbology: symbology, confidence: confidence, source: source)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: error.description)
        }
    }

    /// A barcode as a stored record holds it, validated again; a missing symbology is inferred from the digits.
    ///
    /// - Throws: ``ProductValidationError`` when the value is not a valid GTIN of its symbology.
    init(stored value: String, symbology: BarcodeSymbology?, confidence: Double?, source: String?)
        throws(ProductValidationError)
    {
        if symbology == .upcE, value.utf8.count > 8 {
            // A stored UPC-E barcode holds its expanded digits, which read as plain digits.
            let expanded = try Barcode(value, confidence: confidence, source: source)
            guard BarcodeSymbology.upcE.accepts(canonical: expanded.value) else {
                throw .barcodeSymbologyMismatch(expanded.value, symbology: .upcE)
            }
            self.init(canonical: expanded.value, symbology: .upcE, confidence: confidence, source: source)
        } else {
            self = try Barcode(value, symbology: symbology, confidence: confidence, source: source)
        }
    }

    /// Encodes the barcode as `{"value": …, "symbology": …}` plus the optional provenance.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(symbology, forKey: .symbology)
        try container.encodeIfPresent(confidence, forKey: .confidence)
        try container.encodeIfPresent(source, forKey: .source)
    }

    // MARK: - Inference

    private static func inferredSymbology(raw: String, canonical: String) -> BarcodeSymbology {
        var digits = 0
        for scalar in raw.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                digits += 1
            } else if !(scalar.properties.isWhitespace || scalar == "-" || scalar == "\u{FEFF}") {
                // A GS1 element string or Digital Link URL: the canonical digits decide.
                return BarcodeSymbology(digitCount: canonical.utf8.count) ?? .gtin14
            }
        }
        return BarcodeSymbology(digitCount: digits) ?? BarcodeSymbology(digitCount: canonical.utf8.count) ?? .gtin14
    }
}
