import Foundation

/// Something an import noticed but got past: the record was imported with what was valid.
///
/// Field names are the provider's own (`"product_name"`, `"nutriments.fat_100g"`, a CSV header), so a warning
/// points at the input.
public enum ImportWarning: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A value had the wrong type or could not be read; it was left out.
    case invalidValue(field: String, reason: String)
    /// A value of another type was converted, such as a number where a text was expected.
    case coercedValue(field: String, from: String)
    /// A text or list was longer than the limit (in characters or items) and was cut.
    case truncated(field: String, length: Int, limit: Int)
    /// The barcode was not a valid GTIN; the record was imported under an id made from its title.
    case invalidBarcode(String, reason: String)
    /// The record had no title.
    case missingTitle
    /// A value was taken from another field, such as the title from `product_name_fr`, or energy from kJ.
    case substitutedValue(field: String, source: String)
    /// A quantity text had no recognizable amount and unit; it was kept only as printed.
    case unparsedQuantity(String)
    /// No category in the mapping table matched; the value was kept as an `other` category.
    case unknownCategory(String)
    /// A CSV row had another number of fields than the header.
    case raggedRow(line: Int, expected: Int, found: Int)
    /// A CSV field's quotes were never closed. No longer raised: such a row is now rejected with
    /// ``ImportRejection/malformedRow(line:reason:)``; the case stays so stored reports still decode.
    case unterminatedQuote(line: Int)
    /// A field a person set was not overwritten by the import.
    case userValueKept(ProvenanceField)
    /// A field did not fit the product's details (a food fact on a collectible) and was left out.
    case incompatibleDetails(ProvenanceField)

    /// A sentence naming the field and what happened.
    public var description: String {
        switch self {
        case .invalidValue(let field, let reason): "\(field): left out, \(reason)"
        case .coercedValue(let field, let from): "\(field): converted from \(from)"
        case .truncated(let field, let length, let limit): "\(field): cut from \(length) to \(limit)"
        case .invalidBarcode(let raw, let reason): "barcode \"\(raw)\" is not valid (\(reason)); id made from the title"
        case .missingTitle: "the record has no title"
        case .substitutedValue(let field, let source): "\(field): taken from \(source)"
        case .unparsedQuantity(let text): "quantity \"\(text)\" has no recognizable amount and unit"
        case .unknownCategory(let raw): "category \"\(raw)\" is not in the mapping table; kept as other"
        case .raggedRow(let line, let expected, let found): "line \(line): \(found) fields, the header has \(expected)"
        case .unterminatedQuote(let line): "line \(line): a quoted field is never closed"
        case .userValueKept(let field): "\(field): kept the value a person set"
        case .incompatibleDetails(let field): "\(field): does not fit the product's details; left out"
        }
    }
}
