import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `CorrectionPayload` encoding under sorted keys (absent optionals left out).

extension CorrectionPayload {
    /// Writes the payload's object.
    ///
    /// - Throws: `EncodingError.invalidValue` for a NaN amount or price, as `JSONEncoder` does.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.optional("additionLocationId", additionLocationID?.rawValue)
        writer.member("amount")
        try writer.decimal(amount)
        writer.member("dueDate")
        try dueDate.write(to: &writer)
        writer.optional("locationId", locationID?.rawValue)
        writer.member("newLotId")
        writer.string(newLotID.rawValue)
        try writer.optional("price", price)
        writer.member("productId")
        writer.string(productID.rawValue)
        writer.member("unit")
        writer.string(unit.rawValue)
        writer.endObject()
    }
}
