import Foundation

/// What a journal entry records: a change of master data or a stock booking.
///
/// Encoded as `{"type": "<kind>", "value": …}` where the type is the ``InventoryOperationKind`` name. Decoding an
/// unknown type fails rather than dropping the entry, so an older client never folds a journal it cannot read. A
/// `createHousehold` value is the name alone for a household created on UTC (the form of earlier versions), and
/// `{"name": …, "timeZone": …}` for one created in another zone.
public enum InventoryOperation: Hashable, Sendable, Codable {
    /// Creates the entry's household in the time zone it was created in (the deciding device's, or the one the
    /// app named; ``HouseholdTimeZone/utc`` in entries of earlier versions, which booked the zone separately).
    ///
    /// When the household exists already — another device created it too before the two synced — the entry only
    /// renames it: the zone stays the one the first creation in journal order brought, or the one a
    /// ``setHouseholdTimeZone(_:)`` chose. A creation never changes a household's zone.
    case createHousehold(name: String, timeZone: HouseholdTimeZone = .utc)
    /// Sets the time zone of the entry's household on purpose: the calendar its due dates and views are evaluated
    /// on from this entry on, whatever zone its creation brought. The last one in journal order wins.
    case setHouseholdTimeZone(HouseholdTimeZone)
    /// Defines or redefines a storage location.
    case defineLocation(StorageLocation)
    /// Removes an empty storage location without sublocations.
    case removeLocation(LocationID)
    /// Defines or redefines a quantity unit.
    case defineUnit(QuantityUnit)
    /// Defines or replaces a unit conversion (global or per product).
    case defineConversion(UnitConversion)
    /// Sets a product's stock settings, replacing earlier ones.
    case setProductSettings(ProductStockSettings)
    /// Puts an item on the shopping list.
    case addShoppingListItem(ShoppingListItem)
    /// Takes an item off the shopping list (nothing happens when it is not there).
    case removeShoppingListItem(ShoppingListItemID)
    /// Adds a purchased amount: a new lot, or merged into an identical sealed one.
    case purchase(PurchasePayload)
    /// Takes an amount out of stock, lot by lot in the consumption order.
    case consume(ConsumePayload)
    /// Opens an amount of sealed stock.
    case open(OpenPayload)
    /// Moves an amount to another location.
    case transfer(TransferPayload)
    /// Sets a product's stock (at a location or in the household) to an absolute amount.
    case correct(CorrectionPayload)
    /// Changes a lot's due date, price, note, location or opened flag.
    case editLot(EditLotPayload)
    /// Undoes a transaction: the projection skips every entry of it.
    case undo(TransactionID)
    /// Settles the over-draw of a consumption entry (its id) as it is: the household accepts the stock the fold
    /// booked. The first settlement of an over-draw in the total order wins (``OverdrawSettlement``).
    case dismissOverdraw(UUID)

    /// The operation's kind.
    public var kind: InventoryOperationKind {
        switch self {
        case .createHousehold: .createHousehold
        case .setHouseholdTimeZone: .setHouseholdTimeZone
        case .defineLocation: .defineLocation
        case .removeLocation: .removeLocation
        case .defineUnit: .defineUnit
        case .defineConversion: .defineConversion
        case .setProductSettings: .setProductSettings
        case .addShoppingListItem: .addShoppingListItem
        case .removeShoppingListItem: .removeShoppingListItem
        case .purchase: .purchase
        case .consume: .consume
        case .open: .open
        case .transfer: .transfer
        case .correct: .correct
        case .editLot: .editLot
        case .undo: .undo
        case .dismissOverdraw: .dismissOverdraw
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, value
    }

    /// Decodes `{"type": …, "value": …}`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an unknown type, or the value's decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard let kind = InventoryOperationKind(rawValue: type) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown inventory operation \"\(type)\"")
        }
        func value<Value: Decodable>(_: Value.Type) throws -> Value {
            try container.decode(Value.self, forKey: .value)
        }
        switch kind {
        case .createHousehold:
            let creation = try value(HouseholdCreationValue.self)
            self = .createHousehold(name: creation.name, timeZone: creation.timeZone)
        case .setHouseholdTimeZone: self = .setHouseholdTimeZone(try value(HouseholdTimeZone.self))
        case .defineLocation: self = .defineLocation(try value(StorageLocation.self))
        case .removeLocation: self = .removeLocation(try value(LocationID.self))
        case .defineUnit: self = .defineUnit(try value(QuantityUnit.self))
        case .defineConversion: self = .defineConversion(try value(UnitConversion.self))
        case .setProductSettings: self = .setProductSettings(try value(ProductStockSettings.self))
        case .addShoppingListItem: self = .addShoppingListItem(try value(ShoppingListItem.self))
        case .removeShoppingListItem: self = .removeShoppingListItem(try value(ShoppingListItemID.self))
        case .purchase: self = .purchase(try value(PurchasePayload.self))
        case .consume: self = .consume(try value(ConsumePayload.self))
        case .open: self = .open(try value(OpenPayload.self))
        case .transfer: self = .transfer(try value(TransferPayload.self))
        case .correct: self = .correct(try value(CorrectionPayload.self))
        case .editLot: self = .editLot(try value(EditLotPayload.self))
        case .undo: self = .undo(try value(TransactionID.self))
        case .dismissOverdraw: self = .dismissOverdraw(try value(UUID.self))
        }
    }

    /// Encodes `{"type": …, "value": …}`.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.rawValue, forKey: .type)
        switch self {
        case .createHousehold(let name, let zone):
            try container.encode(HouseholdCreationValue(name: name, timeZone: zone), forKey: .value)
        case .setHouseholdTimeZone(let zone): try container.encode(zone, forKey: .value)
        case .defineLocation(let location): try container.encode(location, forKey: .value)
        case .removeLocation(let id): try container.encode(id, forKey: .value)
        case .defineUnit(let unit): try container.encode(unit, forKey: .value)
        case .defineConversion(let conversion): try container.encode(conversion, forKey: .value)
        case .setProductSettings(let settings): try container.encode(settings, forKey: .value)
        case .addShoppingListItem(let item): try container.encode(item, forKey: .value)
        case .removeShoppingListItem(let id): try container.encode(id, forKey: .value)
        case .purchase(let payload): try container.encode(payload, forKey: .value)
        case .consume(let payload): try container.encode(payload, forKey: .value)
        case .open(let payload): try container.encode(payload, forKey: .value)
        case .transfer(let payload): try container.encode(payload, forKey: .value)
        case .correct(let payload): try container.encode(payload, forKey: .value)
        case .editLot(let payload): try container.encode(payload, forKey: .value)
        case .undo(let id): try container.encode(id, forKey: .value)
        case .dismissOverdraw(let id): try container.encode(id, forKey: .value)
        }
    }
}
