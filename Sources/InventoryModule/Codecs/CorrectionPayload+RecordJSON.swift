import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `CorrectionPayload` encoding under sorted keys (absent optionals left out).

extension CorrectionPayload {
    /// Writes the correction's object.
    ///
    /// - Throws: the encoder's `EncodingError` where `JSONEncoder` refuses a NaN amount or price.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.optional("additionLocationId", additionLocationID?.rawValue)
        try writer.member("amount", amount)
        writer.member("dueDate")
        try dueDate.write(to: &writer)
        writer.optional("locationId", locationID?.rawValue)
        writer.member("newLotId", newLotID.rawValue)
        try writer.optional("price", price)
        writer.member("productId", productID.rawValue)
        if let settlesOverdraws {
            writer.member("settlesOverdraws")
            writer.beginArray()
            for id in settlesOverdraws { writer.uuid(id) }
            writer.endArray()
        }
        writer.member("unit", unit.rawValue)
        writer.endObject()
    }
}
