import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `TransferPayload` encoding under sorted keys.

extension TransferPayload {
    /// Writes the payload's object.
    ///
    /// - Throws: `EncodingError.invalidValue` for a NaN amount, as `JSONEncoder` does.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("amount")
        try writer.decimal(amount)
        writer.member("destination")
        writer.string(destination.rawValue)
        writer.member("productId")
        writer.string(productID.rawValue)
        writer.member("scope")
        scope.write(to: &writer)
        writer.member("unit")
        writer.string(unit.rawValue)
        writer.endObject()
    }
}
