import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventorySync

/// Journal entries of every operation, drawn from a seeded generator: every optional member present or absent
/// at random, text full of what JSON must escape, decimals and dates at their extremes.
struct JournalEntryGenerator {
    private var random: SeededRandomNumberGenerator

    /// A generator whose entries are the same for the same seed.
    init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    /// Text JSON must escape or keep as it is: quotes, backslashes, every control character U+0000–U+001F,
    /// line and paragraph separators, slashes, emoji and combining marks.
    static let hostileTexts: [String] = {
        var texts = [
            "", "plain", "quote \" and \\ backslash", "a/b and \\/ and //", "\u{2028}\u{2029}", "🧀🏳️‍🌈👩‍👩‍👧",
            "e\u{0301}a\u{030A} combining", "\u{7F}\u{80}\u{9F}\u{FEFF}", "Crème brûlée / 日本語", "\"\\\"\\\\",
            " leading and trailing ", "</script>",
        ]
        texts.append(String((0..<0x20).map { Character(UnicodeScalar(UInt8($0))) }))
        texts += (0..<0x20).map { "x\(String(UnicodeScalar(UInt8($0))))y" }
        return texts
    }()

    /// Decimals with many digits, negative, zero, tiny and huge exponents.
    static let specialDecimals: [Decimal] = [
        0, 1, -1, Decimal(string: "0.1"), Decimal(string: "-2.5"), Decimal(string: "1234567.891"),
        Decimal(string: "1.2345678901234567890123456789012345678"), Decimal(string: "-98765432109876543210.0123456789"),
        Decimal(string: "1e-20"), Decimal(string: "7e30"), Decimal(string: "-3e-100"), Decimal(string: "9e120"),
        Decimal(sign: .plus, exponent: 127, significand: 1), Decimal(sign: .minus, exponent: -127, significand: 5),
        Decimal(sign: .minus, exponent: 0, significand: 0), Decimal.greatestFiniteMagnitude, Decimal.leastNonzeroMagnitude,
    ].compactMap { $0 }

    /// Seconds since 2001 with fractions, before 2001 and before 1970, and far out.
    static let specialIntervals: [Double] = [
        0, -0.0, 1, 0.5, 786_123_456.123_456_7, -1.5e9, -978_307_200, -978_307_200.000_001, -3e10, 1e15, 1e-7,
        8e-5, 7.62e8,
    ]

    // MARK: - Entries

    /// An entry of the given kind.
    mutating func entry(_ kind: InventoryOperationKind) -> InventoryJournalEntry {
        InventoryJournalEntry(
            id: uuid(), householdID: id(HouseholdID.self), transactionID: TransactionID(uuid()),
            correlationID: CorrelationID(uuid()), idempotencyKey: maybe { $0.id(IdempotencyKey.self) }, recordedAt: date(),
            replicaID: ReplicaID(text()), operation: operation(kind))
    }

    /// An operation of the given kind.
    mutating func operation(_ kind: InventoryOperationKind) -> InventoryOperation {
        switch kind {
        case .createHousehold: .createHousehold(name: text(), timeZone: bool() ? .utc : zone())
        case .setHouseholdTimeZone: .setHouseholdTimeZone(zone())
        case .defineLocation:
            .defineLocation(StorageLocation(id: id(), name: text(), parentID: maybe { $0.id() }, isFreezer: bool()))
        case .removeLocation: .removeLocation(id())
        case .defineUnit: .defineUnit(QuantityUnit(id: id(), name: text(), pluralName: maybe { $0.text() }))
        case .defineConversion:
            .defineConversion(UnitConversion(from: id(), to: id(), factor: decimal(), productID: maybe { $0.id() }))
        case .setProductSettings:
            .setProductSettings(
                ProductStockSettings(
                    productID: id(), defaultDueDays: maybe { $0.bool() ? .neverExpires : .days($0.int()) },
                    dueDaysAfterOpening: maybe { $0.int() }, minimumStock: decimal(), stockUnit: maybe { $0.id() },
                    defaultLocation: maybe { $0.id() }))
        case .addShoppingListItem:
            .addShoppingListItem(
                ShoppingListItem(
                    id: id(), productID: maybe { $0.id() }, note: text(), amount: maybe { $0.decimal() },
                    unit: maybe { $0.id() }, addedAt: date()))
        case .removeShoppingListItem: .removeShoppingListItem(id())
        case .purchase:
            .purchase(
                PurchasePayload(
                    lotID: id(), productID: id(), amount: decimal(), unit: id(), locationID: id(), dueDate: dueDate(),
                    price: maybe { $0.decimal() }, purchasedAt: date(), note: maybe { $0.text() }, barcode: maybe { $0.text() },
                    dueDateProvenance: provenance(), packagedOn: maybe { $0.day() },
                    packagedOnProvenance: provenance()))
        case .consume:
            .consume(ConsumePayload(productID: id(), amount: decimal(), unit: id(), scope: scope(), spoiled: bool()))
        case .open:
            .open(
                OpenPayload(
                    productID: id(), amount: decimal(), unit: id(), scope: scope(), openedOn: maybe { $0.day() },
                    openedOnProvenance: provenance()))
        case .transfer:
            .transfer(TransferPayload(productID: id(), amount: decimal(), unit: id(), scope: scope(), destination: id()))
        case .correct:
            .correct(
                CorrectionPayload(
                    productID: id(), amount: decimal(), unit: id(), locationID: maybe { $0.id() }, newLotID: id(),
                    additionLocationID: maybe { $0.id() }, dueDate: dueDate(), price: maybe { $0.decimal() },
                    settlesOverdraws: maybe { $0.uuids() }))
        case .editLot:
            .editLot(
                EditLotPayload(
                    lotID: id(), dueDate: maybe { $0.edit { $0.day() } }, price: maybe { $0.edit { $0.decimal() } },
                    note: maybe { $0.edit { $0.text() } }, locationID: maybe { $0.id() }, opened: maybe { $0.bool() },
                    openedOn: maybe { $0.day() }, openedOnProvenance: provenance(),
                    packagedOn: maybe { $0.edit { $0.day() } }, packagedOnProvenance: provenance()))
        case .undo: .undo(TransactionID(uuid()))
        case .dismissOverdraw: .dismissOverdraw(uuid())
        }
    }

    // MARK: - Values

    private mutating func bool() -> Bool { Bool.random(using: &random) }

    private mutating func int() -> Int { Int.random(in: -1_000...100_000, using: &random) }

    private mutating func maybe<Value>(_ make: (inout Self) -> Value) -> Value? {
        bool() ? make(&self) : nil
    }

    private mutating func uuid() -> UUID {
        let high = random.next(), low = random.next()
        return withUnsafeBytes(of: (high, low)) { bytes in
            UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }

    /// Zero to three UUIDs.
    private mutating func uuids() -> [UUID] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in uuid() }
    }

    private mutating func text() -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: "item \(random.next() % 1_000)"
        case 1:
            (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.hostileTexts.randomElement(using: &random) ?? "" }
                .joined()
        default: Self.hostileTexts.randomElement(using: &random) ?? ""
        }
    }

    /// A valid id, hostile text where the id's rules allow it (no control characters, not empty).
    private mutating func id<ID: InventoryStringID>(_: ID.Type = ID.self) -> ID {
        let raw = text()
        return ID(rawValue: raw) ?? ID(uuid())
    }

    private mutating func decimal() -> Decimal {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: Self.specialDecimals.randomElement(using: &random) ?? 0
        case 1: Decimal(Int.random(in: -100_000...100_000, using: &random)) / 100
        default:
            Decimal(
                sign: bool() ? .plus : .minus, exponent: Int.random(in: -40...40, using: &random),
                significand: Decimal(random.next()))
        }
    }

    private mutating func date() -> Date {
        let interval =
            bool()
            ? Self.specialIntervals.randomElement(using: &random) ?? 0
            : Double.random(in: -2e9...2e9, using: &random)
        return Date(timeIntervalSinceReferenceDate: interval)
    }

    private mutating func day() -> CalendarDay {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .earliest
        case 1: .latest
        default:
            CalendarDay(
                daysSinceEpoch: Int.random(
                    in: CalendarDay.earliest.daysSinceEpoch...CalendarDay.latest.daysSinceEpoch, using: &random))
        }
    }

    /// A known zone, or one decoded from hostile text (decoding keeps an identifier the system does not know).
    private mutating func zone() -> HouseholdTimeZone {
        let known = ["Europe/Berlin", "Pacific/Kiritimati", "America/St_Johns", "Asia/Kolkata", "UTC", "GMT"]
        if bool(), let zone = try? HouseholdTimeZone(identifier: known.randomElement(using: &random) ?? "UTC") {
            return zone
        }
        let identifier = text()
        let decoded = try? RecordCoding.decode(
            HouseholdTimeZone.self, from: RecordCoding.encodeWithFoundation(identifier))
        return decoded ?? .utc
    }

    private mutating func scope() -> StockScope {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .household
        case 1: .location(id())
        default: .lot(id())
        }
    }

    private mutating func dueDate() -> DueDateSpecification {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .productDefault
        case 1: .on(day())
        default: .never
        }
    }

    private mutating func edit<Value>(_ make: (inout Self) -> Value) -> ValueEdit<Value> {
        bool() ? .set(make(&self)) : .clear
    }

    /// A provenance of any kind and source half the time, with any text (a journal may hold text the public
    /// initializer refuses, so the text and confidence are set after it).
    private mutating func provenance() -> LotDateProvenance? {
        guard bool() else { return nil }
        let kind = LotDateKind.allCases.randomElement(using: &random) ?? .useBy
        let source = LotDateSource.allCases.randomElement(using: &random) ?? .typed
        var provenance = try? LotDateProvenance(kind: kind, source: source)
        provenance?.rawText = maybe { $0.text() }
        provenance?.confidence = maybe { $0.bool() ? Double.random(in: 0...1, using: &$0.random) : 0.92 }
        return provenance
    }
}
