import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of
// `InventoryOperation.encode(to:)` under sorted keys, `{"type":…,"value":…}`.
//
// Written by hand: the stock bookings (`purchase`, `consume`, `open`, `transfer`, `correct`, `editLot`, `undo`,
// `dismissOverdraw`),
// `createHousehold` in both its forms, `setHouseholdTimeZone`, `removeLocation` and `removeShoppingListItem`.
// Spliced from `JSONEncoder`: the master data a journal holds few of (`defineLocation`, `defineUnit`,
// `defineConversion`, `setProductSettings`, `addShoppingListItem`), whose values are large.

extension InventoryOperation {
    /// Writes the operation's object.
    ///
    /// - Throws: `EncodingError` where `JSONEncoder` throws (a number that is not finite).
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("type", kind.rawValue)
        writer.member("value")
        switch self {
        case .createHousehold(let name, let zone):
            // `HouseholdCreationValue`: the bare name on UTC, `{"name":…,"timeZone":…}` in any other zone.
            if zone == .utc {
                writer.string(name)
            } else {
                writer.beginObject()
                writer.member("name", name)
                writer.member("timeZone", zone.identifier)
                writer.endObject()
            }
        case .setHouseholdTimeZone(let zone): writer.string(zone.identifier)
        case .removeLocation(let id): writer.string(id.rawValue)
        case .removeShoppingListItem(let id): writer.string(id.rawValue)
        case .purchase(let payload): try payload.write(to: &writer)
        case .consume(let payload): try payload.write(to: &writer)
        case .open(let payload): try payload.write(to: &writer)
        case .transfer(let payload): try payload.write(to: &writer)
        case .correct(let payload): try payload.write(to: &writer)
        case .editLot(let payload): try payload.write(to: &writer)
        case .undo(let id): writer.uuid(id.rawValue)
        case .dismissOverdraw(let id): writer.uuid(id)
        case .defineLocation(let location): try writer.foundation(location)
        case .defineUnit(let unit): try writer.foundation(unit)
        case .defineConversion(let conversion): try writer.foundation(conversion)
        case .setProductSettings(let settings): try writer.foundation(settings)
        case .addShoppingListItem(let item): try writer.foundation(item)
        }
        writer.endObject()
    }
}
