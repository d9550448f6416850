import Foundation

/// The state of a household's inventory: the deterministic fold of its journal.
///
/// Build it with ``InventoryProjector/project(_:)``, or keep it up to date entry by entry with ``apply(_:)``.
/// Two states folded from the same set of entries are equal, whatever order the entries arrived in. Project one
/// household's journal per state: units, conversions and product settings are not kept apart by household.
///
/// Read it through the views (``stock(of:)``, ``dueSoon(now:days:)``, ``shoppingList()``, …) and decide new
/// entries against it with ``InventoryCommandHandler/decide(_:in:context:)``.
public struct InventoryState: Equatable, Sendable, Codable {
    /// Households created by the journal.
    public internal(set) var households: [HouseholdID: Household]
    /// Storage locations.
    public internal(set) var locations: [LocationID: StorageLocation]
    /// Quantity units.
    public internal(set) var units: [UnitID: QuantityUnit]
    /// Unit conversions, global and per product.
    public internal(set) var conversions: [UnitConversionKey: UnitConversion]
    /// Stock settings per product.
    public internal(set) var productSettings: [ProductReference: ProductStockSettings]
    /// Lots holding stock (quantity > 0).
    ///
    /// The fold keeps the lots in a table with the indexes it looks them up by (by product, by product and
    /// location, by location); this dictionary is the table's content, and the encoded form of the state.
    public internal(set) var lots: [LotID: StockLot] {
        get {
            LotTable.noteVisits(lotTable.byID.count)
            return lotTable.byID
        }
        set { lotTable = LotTable(newValue) }
    }
    /// The lots with their indexes. Encoded as `lots` alone: the indexes are derived data, rebuilt on decoding and
    /// left out of `==`. Change single lots through its mutators: setting ``lots`` rebuilds every index (O(lots)).
    var lotTable: LotTable
    /// Lot ids of purchases merged into another lot, mapped to the surviving lot.
    public internal(set) var lotAliases: [LotID: LotID]
    /// Manual shopping list items.
    public internal(set) var shoppingListItems: [ShoppingListItemID: ShoppingListItem]
    /// Every entry id the state has seen, including entries of undone transactions.
    ///
    /// A state opened from a checkpoint keeps the ids it sealed in the checkpoint's bytes: reading this property
    /// collects them all (O(entries)); folding asks `entryLog` about one id at a time.
    public internal(set) var appliedEntryIDs: Set<UUID> {
        get { entryLog.all }
        set { entryLog = AppliedEntryIDs(newValue) }
    }
    /// The entry ids, as the fold keeps them (see ``AppliedEntryIDs``).
    var entryLog: AppliedEntryIDs
    /// What each folded (not undone) transaction did.
    ///
    /// A state opened from a checkpoint decodes the effects it sealed on first read of this property (and keeps
    /// them); folding looks up one transaction at a time in `effects`.
    public internal(set) var transactions: [TransactionID: TransactionEffect] {
        get { effects.all }
        set { effects = TransactionEffects(newValue) }
    }
    /// The transaction effects, as the fold keeps them (see ``TransactionEffects``).
    var effects: TransactionEffects
    /// Transactions undone by an undo entry (whether or not their entries are known yet).
    public internal(set) var undoneTransactions: Set<TransactionID>
    /// The transaction that first used each idempotency key, in the total order: the key's command. Entries of any
    /// other transaction that carry the key (the same command booked on another device before syncing) are seen but
    /// not folded, each with an ``InventoryAnomaly/duplicateIdempotencyKey(entry:key:original:)``; a command
    /// decided with a key in here decides no entries. The key stays used when its transaction is undone.
    public internal(set) var idempotencyResults: [IdempotencyKey: TransactionID]
    /// What the fold met and worked around, in fold order.
    public internal(set) var anomalies: [InventoryAnomaly]
    /// Every amount taken out of a lot, in fold order.
    ///
    /// A state opened from a checkpoint decodes the records it sealed on first read of this property (and keeps
    /// them); folding appends to `consumption`.
    public internal(set) var consumptionHistory: [ConsumptionRecord] {
        get { consumption.all }
        set { consumption = ConsumptionLog(newValue) }
    }
    /// The consumption records, as the fold keeps them (see ``ConsumptionLog``).
    var consumption: ConsumptionLog
    /// The order key of the last entry seen: ``apply(_:)`` folds only entries that sort after it.
    public internal(set) var lastAppliedOrderKey: InventoryJournalOrderKey?
    /// Every over-draw the fold recorded, settled or not, in fold order (read the open ones with
    /// ``openOverdraws``).
    public internal(set) var overdrawHistory: [Overdraw]
    /// The settlements of over-draws, by the short consumption's entry id (``Overdraw/entryID``).
    public internal(set) var overdrawSettlements: [UUID: OverdrawSettlement]

    /// The empty state: the fold of an empty journal.
    public init() {
        households = [:]
        locations = [:]
        units = [:]
        conversions = [:]
        productSettings = [:]
        lotTable = LotTable()
        lotAliases = [:]
        shoppingListItems = [:]
        entryLog = AppliedEntryIDs()
        effects = TransactionEffects()
        undoneTransactions = []
        idempotencyResults = [:]
        anomalies = []
        consumption = ConsumptionLog()
        lastAppliedOrderKey = nil
        overdrawHistory = []
        overdrawSettlements = [:]
    }

    /// The keys of the JSON form: every property under its own name, the lot table under `lots`, in declaration
    /// order (the encoding is the one the state had before the lot table got its indexes and the history its
    /// sealed parts). The over-draws come last, under `overdraws` and `overdrawSettlements`, and only when there
    /// are any: a state without them encodes as before they existed.
    enum CodingKeys: String, CodingKey {
        case households, locations, units, conversions, productSettings
        case lotTable = "lots"
        case lotAliases, shoppingListItems, appliedEntryIDs, transactions, undoneTransactions, idempotencyResults
        case anomalies, consumptionHistory, lastAppliedOrderKey
        case overdrawHistory = "overdraws", overdrawSettlements
    }

    /// Decodes the JSON form.
    ///
    /// - Throws: the decoder's error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        households = try container.decode([HouseholdID: Household].self, forKey: .households)
        locations = try container.decode([LocationID: StorageLocation].self, forKey: .locations)
        units = try container.decode([UnitID: QuantityUnit].self, forKey: .units)
        conversions = try container.decode([UnitConversionKey: UnitConversion].self, forKey: .conversions)
        productSettings = try container.decode([ProductReference: ProductStockSettings].self, forKey: .productSettings)
        lotTable = try container.decode(LotTable.self, forKey: .lotTable)
        lotAliases = try container.decode([LotID: LotID].self, forKey: .lotAliases)
        shoppingListItems = try container.decode([ShoppingListItemID: ShoppingListItem].self, forKey: .shoppingListItems)
        entryLog = AppliedEntryIDs(try container.decode(Set<UUID>.self, forKey: .appliedEntryIDs))
        effects = TransactionEffects(try container.decode([TransactionID: TransactionEffect].self, forKey: .transactions))
        undoneTransactions = try container.decode(Set<TransactionID>.self, forKey: .undoneTransactions)
        idempotencyResults = try container.decode([IdempotencyKey: TransactionID].self, forKey: .idempotencyResults)
        anomalies = try container.decode([InventoryAnomaly].self, forKey: .anomalies)
        consumption = ConsumptionLog(try container.decode([ConsumptionRecord].self, forKey: .consumptionHistory))
        lastAppliedOrderKey = try container.decodeIfPresent(InventoryJournalOrderKey.self, forKey: .lastAppliedOrderKey)
        overdrawHistory = try container.decodeIfPresent([Overdraw].self, forKey: .overdrawHistory) ?? []
        overdrawSettlements =
            try container.decodeIfPresent([UUID: OverdrawSettlement].self, forKey: .overdrawSettlements) ?? [:]
    }

    /// Encodes the JSON form.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(households, forKey: .households)
        try container.encode(locations, forKey: .locations)
        try container.encode(units, forKey: .units)
        try container.encode(conversions, forKey: .conversions)
        try container.encode(productSettings, forKey: .productSettings)
        try container.encode(lotTable, forKey: .lotTable)
        try container.encode(lotAliases, forKey: .lotAliases)
        try container.encode(shoppingListItems, forKey: .shoppingListItems)
        try container.encode(appliedEntryIDs, forKey: .appliedEntryIDs)
        try container.encode(transactions, forKey: .transactions)
        try container.encode(undoneTransactions, forKey: .undoneTransactions)
        try container.encode(idempotencyResults, forKey: .idempotencyResults)
        try container.encode(anomalies, forKey: .anomalies)
        try container.encode(consumptionHistory, forKey: .consumptionHistory)
        try container.encodeIfPresent(lastAppliedOrderKey, forKey: .lastAppliedOrderKey)
        if !overdrawHistory.isEmpty { try container.encode(overdrawHistory, forKey: .overdrawHistory) }
        if !overdrawSettlements.isEmpty { try container.encode(overdrawSettlements, forKey: .overdrawSettlements) }
    }
}
