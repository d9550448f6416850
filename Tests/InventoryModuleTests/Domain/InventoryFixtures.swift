import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import Testing

/// Fixed dates, ids and a standard household for the inventory tests.
enum F {
    /// 2026-03-10 08:00 UTC: "now" at the start of every scenario.
    static let t0 = Date(timeIntervalSince1970: 1_773_129_600)
    /// 2026-03-10 07:00 UTC: when the standard kitchen's master data is recorded (a minute per command).
    static let setUpAt = t0 - 3_600
    /// 2026-03-10 00:00 UTC.
    static let today = Date(timeIntervalSince1970: 1_773_100_800)

    /// Midnight UTC, `n` days after ``today``.
    static func day(_ n: Int) -> Date { today.addingTimeInterval(Double(n) * 86_400) }

    /// The calendar day `n` days after 2026-03-10 (the day of ``day(_:)`` in UTC).
    static func cal(_ n: Int) -> CalendarDay { CalendarDay(utcDayOf: day(n)) }

    /// An exact decimal from its text (NaN for bad text, which fails any expectation).
    static func dec(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
    }

    static let home = id(HouseholdID.self, "home")
    static let milk = id(ProductReference.self, "milk")
    static let eggs = id(ProductReference.self, "eggs")
    static let flour = id(ProductReference.self, "flour")
    static let peas = id(ProductReference.self, "peas")
    static let chicken = id(ProductReference.self, "chicken")
    static let salt = id(ProductReference.self, "salt")
    static let ghost = id(ProductReference.self, "ghost")
    static let products: Set<ProductReference> = [milk, eggs, flour, peas, chicken, salt]

    static let piece = UnitID.derived(name: "piece")
    static let gram = UnitID.derived(name: "g")
    static let kilogram = UnitID.derived(name: "kg")
    static let millilitre = UnitID.derived(name: "ml")
    static let litre = UnitID.derived(name: "l")
    static let pack = UnitID.derived(name: "pack")
    static let cup = UnitID.derived(name: "cup")

    static let pantry = LocationID.derived(household: home, name: "Pantry")
    static let fridge = LocationID.derived(household: home, name: "Fridge")
    static let freezer = LocationID.derived(household: home, name: "Freezer")
    static let cellar = LocationID.derived(household: home, name: "Cellar")
    static let shelf = LocationID.derived(household: home, name: "Shelf")

    /// A readable id of any string-based kind (an invalid literal falls back to a UUIDv5 of it).
    static func id<ID: InventoryStringID>(_: ID.Type, _ text: String) -> ID {
        ID(rawValue: text) ?? ID(InventoryIDGenerator.generate(for: .product, name: text))
    }

    /// A kitchen with the household, units, conversions, locations and product settings every test shares.
    static func kitchen(replica: String = "a", seed: UInt8 = 1) throws -> Kitchen {
        var kitchen = Kitchen(replica: ReplicaID(replica), seed: seed)
        kitchen.now = setUpAt
        try kitchen.run(.createHousehold(name: "Home"))
        for (name, plural) in [
            ("piece", "pieces"), ("g", nil), ("kg", nil), ("ml", nil), ("l", nil), ("pack", "packs"),
        ] {
            try kitchen.run(.defineUnit(UnitDefinition(name: name, pluralName: plural)))
        }
        try kitchen.run(.defineConversion(UnitConversion(from: kilogram, to: gram, factor: 1000)))
        try kitchen.run(.defineConversion(UnitConversion(from: litre, to: millilitre, factor: 1000)))
        try kitchen.run(.defineConversion(UnitConversion(from: pack, to: piece, factor: 6, productID: eggs)))
        try kitchen.run(.defineLocation(LocationDefinition(name: "Pantry")))
        try kitchen.run(.defineLocation(LocationDefinition(name: "Fridge")))
        try kitchen.run(.defineLocation(LocationDefinition(name: "Freezer", isFreezer: true)))
        try kitchen.run(.defineLocation(LocationDefinition(name: "Cellar")))
        try kitchen.run(.defineLocation(LocationDefinition(name: "Shelf", parentID: cellar)))
        for settings in standardSettings { try kitchen.run(.setProductSettings(settings)) }
        kitchen.now = t0
        return kitchen
    }

    static let standardSettings: [ProductStockSettings] = [
        ProductStockSettings(
            productID: milk, defaultDueDays: .days(7), dueDaysAfterOpening: 3, minimumStock: 2, stockUnit: litre,
            defaultLocation: fridge),
        ProductStockSettings(
            productID: eggs, defaultDueDays: .days(21), minimumStock: 6, stockUnit: piece, defaultLocation: fridge),
        ProductStockSettings(productID: flour, defaultDueDays: .neverExpires, stockUnit: gram, defaultLocation: pantry),
        ProductStockSettings(
            productID: peas, defaultDueDays: .days(10), dueDaysAfterFreezing: 180, dueDaysAfterThawing: 2,
            stockUnit: gram, defaultLocation: freezer),
        ProductStockSettings(
            productID: chicken, defaultDueDays: .days(3), dueDateKind: .expiry, dueDaysAfterOpening: 1,
            dueDaysAfterFreezing: 90, dueDaysAfterThawing: 1, dueSoonDays: 1, stockUnit: gram,
            defaultLocation: fridge),
    ]
}

/// A source of deterministic UUIDs: `<seed>0000000-0000-4000-8000-<counter>`.
final class UUIDSequence: @unchecked Sendable {
    // @unchecked: `counter` is only read and written under `lock`.
    private let lock = NSLock()
    private var counter: UInt64 = 0
    private let seed: UInt8

    init(seed: UInt8) { self.seed = seed }

    func next() -> UUID {
        let value = lock.withLock { () -> UInt64 in
            counter += 1
            return counter
        }
        let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
        return UUID(uuid: (seed, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, b[2], b[3], b[4], b[5], b[6], b[7]))
    }
}

/// One device's view of a household: its journal, its state and its clock, deciding commands like the service.
struct Kitchen {
    var journal: [InventoryJournalEntry] = []
    var state = InventoryState()
    var now = F.t0
    var products = F.products
    var correlation = CorrelationID(UUID(uuid: (9, 9, 9, 9, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)))
    let replica: ReplicaID
    let uuids: UUIDSequence

    init(replica: ReplicaID, seed: UInt8) {
        self.replica = replica
        self.uuids = UUIDSequence(seed: seed)
    }

    func context(key: IdempotencyKey? = nil) -> InventoryCommandContext {
        let uuids = uuids
        return InventoryCommandContext(
            householdID: F.home, now: now, replicaID: replica, correlationID: correlation, idempotencyKey: key,
            makeUUID: { uuids.next() }, knownProducts: products)
    }

    /// Another device that has synced everything this one holds.
    func forked(replica: String, seed: UInt8) -> Kitchen {
        var device = Kitchen(replica: ReplicaID(replica), seed: seed)
        device.journal = journal
        device.state = state
        device.now = now
        return device
    }

    /// Decides without applying.
    func decide(_ command: InventoryCommand, key: IdempotencyKey? = nil) throws(InventoryError)
        -> [InventoryJournalEntry]
    {
        try InventoryCommandHandler.decide(command, in: state, context: context(key: key))
    }

    /// Decides, applies and records the command's entries, then moves the clock on by a minute.
    @discardableResult
    mutating func run(_ command: InventoryCommand, key: IdempotencyKey? = nil) throws(InventoryError)
        -> [InventoryJournalEntry]
    {
        let entries = try decide(command, key: key)
        receive(entries)
        now += 60
        return entries
    }

    /// Adds entries (from this or another device) to the journal and folds them.
    mutating func receive(_ entries: [InventoryJournalEntry]) {
        let known = Set(journal.map(\.id))
        for entry in entries where !known.contains(entry.id) {
            journal.append(entry)
            if state.apply(entry) == .requiresReprojection { state = InventoryProjector.project(journal) }
        }
    }

    /// Moves the clock on.
    mutating func advance(days: Int) { now += Double(days) * 86_400 }

    /// The lot a purchase's entries created or merged into.
    func lotID(of entries: [InventoryJournalEntry]) -> LotID? {
        for entry in entries {
            if case .purchase(let payload) = entry.operation { return state.resolvedLotID(payload.lotID) }
            if case .correct(let payload) = entry.operation { return payload.newLotID }
        }
        return nil
    }

    /// Buys and returns the lot id.
    @discardableResult
    mutating func buy(
        _ product: ProductReference, _ amount: Decimal, unit: UnitID? = nil, at location: LocationID? = nil,
        due: DueDateSpecification = .productDefault, price: Decimal? = nil
    ) throws -> LotID {
        let entries = try run(
            .purchase(
                PurchaseRequest(
                    productID: product, amount: amount, unit: unit, locationID: location, dueDate: due, price: price)))
        return try #require(lotID(of: entries))
    }

    /// The product's total in its stock unit.
    func total(_ product: ProductReference) -> Decimal? { state.stock(of: product).total }
}
