import Foundation
import InventoryModule

/// Chooses the next command of an ``InventoryHistory`` from a seeded generator and a mirror of the household's
/// state, so every command asks only for stock the household holds.
///
/// The mix: about 40 % purchases, a third consumptions, 8 % opens, 8 % transfers, 5 % corrections, and an undo of
/// the command just booked with ``undoProbability``. When the household holds more than ``lotTarget`` lots,
/// purchases give way to consumptions, so the stock stays the size of a household's, however long the history.
struct InventoryHistoryPlanner {
    /// The household's state as the booked entries fold it.
    var mirror = InventoryState()
    /// The last transaction booked, if it may be undone next.
    var lastTransaction: TransactionID?
    /// The chance that the next command undoes ``lastTransaction``.
    let undoProbability: Double
    /// The number of lots above which the household eats more than it buys.
    let lotTarget = 400
    private var random: SplitMix64

    /// Creates a planner.
    init(seed: UInt64, undoProbability: Double) {
        random = SplitMix64(seed: seed)
        self.undoProbability = undoProbability
    }

    /// Folds booked entries into the mirror; `false` when one needs a full reprojection (an undo).
    mutating func fold(_ entries: [InventoryJournalEntry]) -> Bool {
        for entry in entries where mirror.apply(entry) == .requiresReprojection { return false }
        return true
    }

    /// A factor in 0.2–1.8 for the clock's step.
    mutating func jitter() -> Double {
        0.2 + 1.6 * Double(random.next() % 1_000_000) / 1_000_000
    }

    /// The next command and the kind of entry it books.
    mutating func next(now: Date) -> (InventoryCommand, InventoryOperationKind) {
        if let last = lastTransaction, Double(random.next() % 1_000_000) / 1_000_000 < undoProbability {
            return (.undo(last), .undo)
        }
        let crowded = mirror.lots.count > lotTarget
        let roll = Int(random.next() % 100)
        let choice: InventoryCommand?
        switch roll {
        case ..<(crowded ? 20 : 40): choice = purchase(now: now)
        case ..<74: choice = consume()
        case ..<82: choice = open()
        case ..<90: choice = transfer()
        case ..<95: choice = correct()
        default: choice = crowded ? consume() : purchase(now: now)
        }
        let command = choice ?? purchase(now: now)
        return (command, Self.kind(of: command))
    }

    // MARK: - Commands

    private mutating func purchase(now: Date) -> InventoryCommand {
        let index = productIndex()
        let category = InventoryHouseholdCatalog.category(of: index)
        var location: LocationID?
        if roll(15) {
            location = category.freezing != nil
                ? InventoryHouseholdCatalog.locations[2 + pick(2)]
                : InventoryHouseholdCatalog.locations[pick(InventoryHouseholdCatalog.locations.count)]
        }
        var dueDate = DueDateSpecification.productDefault
        if roll(20) {
            let days = Double(pick(7))
            dueDate = category.dueDays.map { DueDateSpecification.on(CalendarDay(utcDayOf: now.addingTimeInterval((Double($0) + days) * 86_400))) } ?? .never
        }
        return .purchase(
            PurchaseRequest(
                productID: InventoryHouseholdCatalog.products[index], amount: Decimal(1 + pick(category.maximumPurchase)),
                locationID: location, dueDate: dueDate, price: roll(70) ? Decimal(49 + pick(950)) / 100 : nil))
    }

    private mutating func consume() -> InventoryCommand? {
        guard case let (product, stock)? = stocked() else { return nil }
        if roll(30), let lot = stock.lots.first {
            let here = stock.lots.filter { $0.locationID == lot.locationID }.reduce(Decimal(0)) { $0 + $1.quantity }
            return .consume(
                ConsumeRequest(productID: product, amount: amount(upTo: here, cap: 2), scope: .location(lot.locationID), spoiled: roll(8)))
        }
        return .consume(ConsumeRequest(productID: product, amount: amount(upTo: stock.total ?? 0, cap: 4), spoiled: roll(5)))
    }

    private mutating func open() -> InventoryCommand? {
        guard case let (product, stock)? = stocked(), stock.lots.contains(where: { !$0.isOpened && $0.quantity >= 1 }) else {
            return nil
        }
        return .open(OpenRequest(productID: product, amount: 1))
    }

    private mutating func transfer() -> InventoryCommand? {
        guard case let (product, stock)? = stocked(), let lot = stock.lots.last else { return nil }
        let source = lot.locationID
        let locations = InventoryHouseholdCatalog.locations
        let freezers = [locations[2], locations[3]]
        let destination: LocationID
        if freezers.contains(source) {
            destination = locations[InventoryHouseholdCatalog.category(of: index(of: product)).home]
        } else if InventoryHouseholdCatalog.category(of: index(of: product)).freezing != nil {
            destination = freezers[pick(2)]
        } else {
            destination = locations[pick(locations.count)]
        }
        guard destination != source else { return nil }
        let here = stock.lots.filter { $0.locationID == source }.reduce(Decimal(0)) { $0 + $1.quantity }
        return .transfer(
            TransferRequest(productID: product, amount: amount(upTo: here, cap: 3), scope: .location(source), destination: destination))
    }

    private mutating func correct() -> InventoryCommand? {
        let index = productIndex()
        let product = InventoryHouseholdCatalog.products[index]
        let total = mirror.stock(of: product).total ?? 0
        let counted = max(0, total + Decimal(pick(4) - 2))
        guard counted != total else { return nil }
        return .correct(CorrectionRequest(productID: product, amount: counted))
    }

    // MARK: - Helpers

    /// A product with stock (a few tries), with its stock.
    private mutating func stocked() -> (ProductReference, ProductStock)? {
        for _ in 0..<6 {
            let product = InventoryHouseholdCatalog.products[productIndex()]
            let stock = mirror.stock(of: product)
            if let total = stock.total, total >= 1 { return (product, stock) }
        }
        return nil
    }

    /// A product index: 60 % one of the 40 staples, else any of the catalog.
    private mutating func productIndex() -> Int {
        roll(60) ? pick(40) : pick(InventoryHouseholdCatalog.productCount)
    }

    /// A whole amount in 1…min(cap, available).
    private mutating func amount(upTo available: Decimal, cap: Int) -> Decimal {
        let whole = NSDecimalNumber(decimal: available).intValue
        return Decimal(1 + pick(max(1, min(cap, whole))))
    }

    private func index(of product: ProductReference) -> Int {
        InventoryHouseholdCatalog.indexes[product] ?? 0
    }

    private mutating func pick(_ count: Int) -> Int {
        Int(random.next() % UInt64(max(1, count)))
    }

    private mutating func roll(_ percent: Int) -> Bool {
        pick(100) < percent
    }

    private static func kind(of command: InventoryCommand) -> InventoryOperationKind {
        switch command {
        case .purchase: .purchase
        case .consume: .consume
        case .open: .open
        case .transfer: .transfer
        case .correct: .correct
        case .undo: .undo
        default: .editLot
        }
    }
}
