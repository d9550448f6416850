import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `OpenPayload` encoding under sorted keys (absent optionals left out).

extension OpenPayload {
    /// Writes the opening's object.
    ///
    /// - Throws: `EncodingError.invalidValue` for a confidence that is not finite, and the encoder's error where
    ///   `JSONEncoder` refuses a NaN amount.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        try writer.member("amount", amount)
        writer.optional("openedOn", openedOn?.description)
        try writer.optional("openedOnProvenance", openedOnProvenance)
        writer.member("productId", productID.rawValue)
        writer.member("scope")
        scope.write(to: &writer)
        writer.member("unit", unit.rawValue)
        writer.endObject()
    }
}
