import Foundation

/// The unit of a package's quantity.
///
/// Encoded as a plain string: the case name (`"g"`, `"flOz"`, `"piece"`, …) or, for ``other(_:)``, its text.
/// Decoding maps exact case names to their case and anything else to ``other(_:)``; use ``init(parsing:)`` to
/// read label spellings such as `"grams"` or `"fl oz"`.
public enum PackagingUnit: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Grams.
    case g
    /// Kilograms.
    case kg
    /// Milligrams.
    case mg
    /// Millilitres.
    case ml
    /// Centilitres.
    case cl
    /// Decilitres.
    case dl
    /// Litres.
    case l
    /// Ounces (weight).
    case oz
    /// Pounds.
    case lb
    /// US fluid ounces.
    case flOz
    /// Pieces, items or units.
    case piece
    /// Any other unit, as written.
    case other(String)

    /// The units with a case of their own.
    public static let knownUnits: [PackagingUnit] = [.g, .kg, .mg, .ml, .cl, .dl, .l, .oz, .lb, .flOz, .piece]

    /// The stable name, as encoded.
    public var name: String {
        switch self {
        case .g: "g"
        case .kg: "kg"
        case .mg: "mg"
        case .ml: "ml"
        case .cl: "cl"
        case .dl: "dl"
        case .l: "l"
        case .oz: "oz"
        case .lb: "lb"
        case .flOz: "flOz"
        case .piece: "piece"
        case .other(let text): text
        }
    }

    /// The stable name.
    public var description: String { name }

    /// The unit with a stable name; any other name becomes ``other(_:)``.
    public init(name: String) {
        self = Self.knownUnits.first { $0.name == name } ?? .other(name)
    }

    /// Reads a unit as labels and people write it: case, dots and spaces are ignored, and common spellings
    /// are recognised (`"G"`, `"gr"`, `"grams"`, `"mL"`, `"litre"`, `"liters"`, `"fl oz"`, `"fl. oz."`, `"lbs"`,
    /// `"pcs"`, …). Anything else becomes ``other(_:)`` with the trimmed text.
    ///
    /// ```swift
    /// PackagingUnit(parsing: "Litres")   // .l
    /// PackagingUnit(parsing: "fl. oz")   // .flOz
    /// PackagingUnit(parsing: "sachet")   // .other("sachet")
    /// ```
    public init(parsing text: String) {
        if let unit = Self.parsingASCII(text) {
            self = unit
            return
        }
        self = Self.parsingAnyText(text)
    }

    /// ``init(parsing:)`` of an ASCII text, on its bytes (what labels print, read without Foundation): ASCII
    /// white space is what trimming and the key leave out, and lowercasing is ASCII's. `nil` for other text.
    static func parsingASCII(_ text: String) -> PackagingUnit? {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        for byte in bytes where !isSpace(byte) && byte != UInt8(ascii: ".") {
            key.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
        }
        if let unit = spellings[String(decoding: key, as: UTF8.self)] { return unit }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return .other("") }
        return .other(String(text[start...last]))
    }

    /// ``init(parsing:)`` of any text, through Foundation's trimming and Unicode lowercasing.
    static func parsingAnyText(_ text: String) -> PackagingUnit {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let key = String(
            trimmed.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "." }
        ).replacingOccurrences(of: "\u{2113}", with: "l")  // ℓ, the script small l
        return spellings[key] ?? .other(trimmed)
    }

    /// Lowercase spellings without spaces or dots, by unit.
    private static let spellings: [String: PackagingUnit] = {
        let table: [(PackagingUnit, [String])] = [
            (.g, ["g", "gr", "grs", "gm", "gms", "gram", "grams", "gramme", "grammes"]),
            (.kg, ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
            (.mg, ["mg", "milligram", "milligrams", "milligramme", "milligrammes"]),
            (.ml, ["ml", "millilitre", "millilitres", "milliliter", "milliliters"]),
            (.cl, ["cl", "centilitre", "centilitres", "centiliter", "centiliters"]),
            (.dl, ["dl", "decilitre", "decilitres", "deciliter", "deciliters"]),
            (.l, ["l", "lt", "ltr", "ltrs", "litre", "litres", "liter", "liters"]),
            (.oz, ["oz", "ozs", "ounce", "ounces"]),
            (.lb, ["lb", "lbs", "pound", "pounds"]),
            (.flOz, ["floz", "fluidounce", "fluidounces", "fluidoz"]),
            (.piece, ["piece", "pieces", "pc", "pcs", "pce", "pces", "ea", "each", "unit", "units", "ct", "count"]),
        ]
        var spellings: [String: PackagingUnit] = [:]
        for (unit, names) in table {
            for name in names { spellings[name] = unit }
        }
        return spellings
    }()

    /// Decodes a unit from its name.
    ///
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.init(name: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the unit as its name.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
