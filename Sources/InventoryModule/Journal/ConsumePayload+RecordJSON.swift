import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `ConsumePayload` encoding under sorted keys.

extension ConsumePayload {
    /// Writes the payload's object.
    ///
    /// - Throws: `EncodingError.invalidValue` for a NaN amount, as `JSONEncoder` does.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("amount")
        try writer.decimal(amount)
        writer.member("productId")
        writer.string(productID.rawValue)
        writer.member("scope")
        scope.write(to: &writer)
        writer.member("spoiled")
        writer.bool(spoiled)
        writer.member("unit")
        writer.string(unit.rawValue)
        writer.endObject()
    }
}
