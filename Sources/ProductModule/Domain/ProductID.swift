import Foundation
import InventoryKit

/// The identity of a product: its normalized barcode, or a generated `prd_<uuid>` id when it has none.
///
/// A valid id is non-empty, at most ``maximumLength`` UTF-8 bytes long and holds no whitespace or control
/// character, so it is always a valid `RecordID` as well. Ids order by their UTF-8 bytes, as every store's
/// keyset pagination does.
///
/// ```swift
/// let scanned = ProductID.barcode(try GTIN("0 36000 29145 2"))   // "0036000291452"
/// let manual = ProductID.generated(UUID())                       // "prd_6f1c…"
/// let typed = try ProductID("prd_6f1c0e2a-…")
/// ```
public struct ProductID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The longest id accepted, in UTF-8 bytes.
    public static let maximumLength = 256
    /// The prefix of ids made by ``generated(_:)``.
    public static let generatedPrefix = "prd_"

    /// The id's text.
    public let rawValue: String

    /// Creates a validated id.
    ///
    /// - Throws: ``ProductValidationError/emptyProductID`` for an empty string,
    ///   ``ProductValidationError/invalidProductID(_:reason:)`` when it is too long or holds whitespace or a
    ///   control character.
    public init(_ raw: String) throws(ProductValidationError) {
        guard !raw.isEmpty else { throw .emptyProductID }
        if let reason = Self.problem(with: raw) { throw .invalidProductID(String(raw.prefix(80)), reason: reason) }
        self.rawValue = raw
    }

    /// Creates a validated id, or `nil` when ``init(_:)`` would throw.
    public init?(rawValue: String) {
        guard Self.problem(with: rawValue) == nil else { return nil }
        self.rawValue = rawValue
    }

    /// The id of a product without a barcode: `"prd_"` followed by the lowercase UUID.
    public static func generated(_ uuid: UUID) -> ProductID {
        ProductID(checked: generatedPrefix + uuid.uuidString.lowercased())
    }

    /// The id of a product with a barcode: the GTIN's canonical digits.
    public static func barcode(_ gtin: GTIN) -> ProductID {
        ProductID(checked: gtin.rawValue)
    }

    /// Whether the id was made by ``generated(_:)``: `"prd_"` followed by a lowercase UUID.
    public var isGenerated: Bool {
        guard rawValue.hasPrefix(Self.generatedPrefix) else { return false }
        let suffix = String(rawValue.dropFirst(Self.generatedPrefix.count))
        guard let uuid = UUID(uuidString: suffix) else { return false }
        return uuid.uuidString.lowercased() == suffix
    }

    /// The same id as a storage key.
    ///
    /// Never fails: a product id is non-empty, at most 256 bytes long and free of control characters, so it
    /// always satisfies `RecordID`'s rules (the fallback, a UUIDv5 of the text, is never taken).
    public var recordID: RecordID {
        RecordID(rawValue: rawValue) ?? RecordID(InventoryIDGenerator.generate(for: .product, name: rawValue))
    }

    /// The id's text.
    public var description: String { rawValue }

    /// Orders ids by their UTF-8 bytes, as `RecordID` and every store's keyset pagination do.
    public static func < (lhs: ProductID, rhs: ProductID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// Decodes and validates an id.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the rule the string breaks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        do {
            self = try ProductID(raw)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the id as a string.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    // MARK: - Rules

    /// Wraps text already known to satisfy the rules (a lowercase UUID with a prefix, or GTIN digits).
    private init(checked raw: String) {
        self.rawValue = raw
    }

    /// The id of canonical GTIN digits, which always satisfy the rules.
    init(canonicalDigits: String) {
        self.init(checked: canonicalDigits)
    }

    /// Why `raw` is not a valid product id, or `nil` when it is.
    static func problem(with raw: String) -> String? {
        if raw.isEmpty { return "the id is empty" }
        let length = raw.utf8.count
        if length > maximumLength { return "the id is \(length) bytes long (at most \(maximumLength))" }
        // Printable ASCII other than the space (every id the kit makes) is neither whitespace nor a control.
        if raw.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return nil }
        for scalar in raw.unicodeScalars {
            if scalar.properties.isWhitespace { return "the id contains whitespace" }
            if scalar.properties.generalCategory == .control { return "the id contains a control character" }
        }
        return nil
    }
}
