/// The barcode symbology a product's barcode was printed or scanned as.
///
/// Encoded as its raw string (`"ean13"`, `"upcA"`, …).
public enum BarcodeSymbology: String, Hashable, Sendable, Codable, CaseIterable {
    /// An 8-digit EAN-8 code.
    case ean8
    /// A 13-digit EAN-13 code.
    case ean13
    /// A 12-digit UPC-A code (stored as an EAN-13 with a leading zero).
    case upcA
    /// A zero-suppressed UPC-E code (stored expanded, as an EAN-13).
    case upcE
    /// A 14-digit GTIN-14 (stored as an EAN-13 when its indicator digit is 0).
    case gtin14

    /// The symbology implied by a count of digits: 8 → EAN-8, 12 → UPC-A, 13 → EAN-13, 14 → GTIN-14.
    public init?(digitCount: Int) {
        switch digitCount {
        case 8: self = .ean8
        case 12: self = .upcA
        case 13: self = .ean13
        case 14: self = .gtin14
        default: return nil
        }
    }

    /// Whether canonical GTIN digits can carry this symbology.
    ///
    /// EAN-8 needs 8 digits; EAN-13 needs 13; UPC-A needs 13 starting with `0`; UPC-E needs 13 starting with
    /// `00` or `01` (number system 0 or 1); GTIN-14 needs 13 or 14.
    func accepts(canonical value: String) -> Bool {
        let utf8 = value.utf8
        switch self {
        case .ean8: return utf8.count == 8
        case .ean13: return utf8.count == 13
        case .upcA: return utf8.count == 13 && utf8.first == UInt8(ascii: "0")
        case .upcE: return utf8.count == 13 && (value.hasPrefix("00") || value.hasPrefix("01"))
        case .gtin14: return utf8.count == 13 || utf8.count == 14
        }
    }
}
