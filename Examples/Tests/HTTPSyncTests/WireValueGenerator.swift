import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventorySync
import ProductModule

/// Seeded values at the edges of what the wire must carry exactly: decimals of up to 38 significant digits with
/// extreme exponents, strings from every Unicode plane (combining marks, bidirectional controls, unnormalized
/// forms), dates at the ends of the calendar and fractions of a microsecond, and UUIDs in every case spelling.
struct WireValueGenerator {
    private var random: SeededRandomNumberGenerator

    /// A generator of the values of one seed.
    init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    // MARK: - Numbers

    /// A decimal of 1 to 38 significant digits, its exponent anywhere `Decimal` holds one: for values the fold
    /// only carries (prices, conversion factors, packaging quantities).
    mutating func extremeDecimal() -> Decimal {
        let digits = Int.random(in: 1...38, using: &random)
        let exponent = Int.random(in: -128...(127 - digits + 1), using: &random)
        return decimal(digits: digits, exponent: exponent)
    }

    /// A positive decimal at any magnitude: ``extremeDecimal()`` without its sign.
    mutating func extremeMagnitude() -> Decimal {
        let value = extremeDecimal()
        return value < 0 ? -value : value
    }

    /// A positive amount of up to 38 significant digits and at most 10¹² (the kit's bound for amounts), so the
    /// fold's sums stay finite: these are the amounts it adds and subtracts.
    mutating func amount() -> Decimal {
        let digits = Int.random(in: 1...38, using: &random)
        let integerDigits = Int.random(in: 0...min(12, digits), using: &random)
        return decimal(digits: digits, exponent: integerDigits - digits)
    }

    private mutating func decimal(digits: Int, exponent: Int) -> Decimal {
        var text = String(Int.random(in: 1...9, using: &random))
        for _ in 1..<digits { text.append(String(Int.random(in: 0...9, using: &random))) }
        let significand = Decimal(string: text) ?? 1
        let sign: FloatingPointSign = Bool.random(using: &random) ? .plus : .minus
        return Decimal(sign: sign, exponent: exponent, significand: significand)
    }

    /// A positive decimal: `amount()` without its sign.
    mutating func positiveAmount() -> Decimal {
        let value = amount()
        return value < 0 ? -value : value
    }

    // MARK: - Text

    /// Scalars from every plane, and the sequences that trip normalizers and renderers.
    private static let pieces: [String] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "<script>", "&amp;", "%25", "\u{7F}", "\u{85}", "\u{A0}", "é", "e\u{301}",
        "\u{212B}", "Å", "ß", "ﬁ", "İ", "Σ", "ς", "\u{202E}", "\u{202D}", "\u{2066}", "\u{200B}", "\u{200D}", "\u{FEFF}",
        "\u{FFFD}", "\u{FFFF}", "中", "日本語", "한국어", "عربى", "עברית", "हिन्दी", "🥛", "👩‍👩‍👧", "🇩🇪", "🏳️‍🌈",
        "\u{1D11E}", "\u{1F600}", "\u{10348}", "\u{20000}", "\u{2A6D6}", "\u{30000}", "\u{3134A}", "\u{E0001}",
        "\u{E007F}", "\u{F0000}", "\u{FFFFD}", "\u{100000}", "\u{10FFFD}", "\u{10FFFF}",
    ]

    /// Control characters a note may carry (never U+0000, which PostgreSQL cannot store).
    private static let controls: [String] = ["\u{1}", "\t", "\n", "\r", "\u{1B}", "\u{1F}"]

    /// A string of 1 to 12 pieces; `controls` admits control characters.
    mutating func text(controls allowsControls: Bool = true) -> String {
        let count = Int.random(in: 1...12, using: &random)
        var result = ""
        for _ in 0..<count {
            if allowsControls, Int.random(in: 0..<8, using: &random) == 0 {
                result += Self.controls.randomElement(using: &random) ?? ""
            } else {
                result += Self.pieces.randomElement(using: &random) ?? ""
            }
        }
        return result
    }

    /// A printable name: a letter first and no control character (DEL and C1 included), so every kit accepts it as
    /// a display name or a title.
    mutating func name() -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: ("N" + text(controls: false)).unicodeScalars.filter {
            $0.properties.generalCategory != .control
        })
        return String(scalars)
    }

    // MARK: - Dates

    /// An instant at an edge: the first and last days of the Gregorian years 1 and 9999, the reference date,
    /// fractions of a microsecond, and the largest magnitudes a `Double` holds to the microsecond.
    mutating func date() -> Date {
        let edges: [Double] = [
            -63_113_904_000, -63_113_903_999.999_999, 252_423_993_599.999_999, 252_423_993_600, 0, 0.000_001,
            -0.000_000_1, 1e-300, 800_000_000.123_456_7, 800_000_000.1, 4_503_599_627_370_495.5, -978_307_200,
        ]
        let base = edges.randomElement(using: &random) ?? 0
        return Date(timeIntervalSinceReferenceDate: Bool.random(using: &random) ? base : base + Double(Int.random(in: -9...9, using: &random)))
    }

    /// A calendar day near either end of the calendar or today.
    mutating func day() -> CalendarDay {
        let days = [-719_162, -719_161, 0, 20_000, 2_932_896, 2_932_895].randomElement(using: &random) ?? 0
        return CalendarDay(daysSinceEpoch: days + Int.random(in: 0...3, using: &random))
    }

    /// A day at the early edges of the calendar, never after 1970-01-04: a day already past, as a packaged-on day
    /// must be for the kit's rules.
    mutating func pastDay() -> CalendarDay {
        let days = [-719_162, -719_161, 0].randomElement(using: &random) ?? 0
        return CalendarDay(daysSinceEpoch: days + Int.random(in: 0...3, using: &random))
    }

    // MARK: - Ids

    /// A fresh UUID from the seed.
    mutating func uuid() -> UUID {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// The UUID spelled in lower case, in upper case, or with mixed case.
    mutating func spelling(of id: UUID) -> String {
        let lower = id.uuidString.lowercased()
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return lower
        case 1: return id.uuidString
        default:
            return String(lower.map { Bool.random(using: &random) ? Character($0.uppercased()) : $0 })
        }
    }

    mutating func bool() -> Bool { Bool.random(using: &random) }

    mutating func index(_ count: Int) -> Int { Int.random(in: 0..<count, using: &random) }

    // MARK: - Kit values

    /// `count` journal entries of `household` by `replica`, of every operation kind that carries values: products
    /// among `products`, amounts, prices and factors at their edges, notes from every plane, dates at the ends.
    mutating func journalEntries(
        _ count: Int, household: HouseholdID, replica: ReplicaID, products: [ProductReference]
    ) -> [InventoryJournalEntry] {
        (0..<count).map { _ in
            let id = uuid()
            return InventoryJournalEntry(
                id: id, householdID: household, transactionID: TransactionID(rawValue: uuid()),
                correlationID: CorrelationID(rawValue: uuid()), recordedAt: date(), replicaID: replica,
                operation: operation(products: products))
        }
    }

    /// An operation of a kind a device writes, with values at the edges of what the kit's rules accept (the server
    /// refuses the rest, as the kit would): 38-digit amounts, prices and factors up to 10¹², text from every plane.
    private mutating func operation(products: [ProductReference]) -> InventoryOperation {
        let product = products[index(products.count)]
        let unit = UnitID.derived(name: ["piece", "kg", "ml"][index(3)])
        let location = LocationID(uuid())
        switch index(8) {
        case 0: return .createHousehold(name: name())
        case 1: return .defineLocation(StorageLocation(id: location, name: name(), isFreezer: bool()))
        case 2:
            return .defineConversion(UnitConversion(
                from: unit, to: UnitID.derived(name: "pack"), factor: positiveAmount(), productID: bool() ? product : nil))
        case 3:
            return .addShoppingListItem(ShoppingListItem(
                id: ShoppingListItemID(uuid()), productID: product, note: text(), amount: positiveAmount(), unit: unit,
                addedAt: date()))
        case 4:
            return .consume(ConsumePayload(productID: product, amount: positiveAmount(), unit: unit, spoiled: bool()))
        default:
            return .purchase(PurchasePayload(
                lotID: LotID(uuid()), productID: product, amount: positiveAmount(), unit: unit, locationID: location,
                dueDate: bool() ? .on(day()) : .productDefault, price: bool() ? positiveAmount() : nil,
                purchasedAt: date(), note: bool() ? text() : nil, packagedOn: bool() ? pastDay() : nil))
        }
    }
}
