import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `ConsumePayload` encoding under sorted keys.

extension ConsumePayload {
    /// Writes the consumption's object.
    ///
    /// - Throws: the encoder's `EncodingError` where `JSONEncoder` refuses a NaN amount.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        try writer.member("amount", amount)
        writer.member("productId", productID.rawValue)
        writer.member("scope")
        scope.write(to: &writer)
        writer.member("spoiled")
        writer.bool(spoiled)
        writer.member("unit", unit.rawValue)
        writer.endObject()
    }
}
