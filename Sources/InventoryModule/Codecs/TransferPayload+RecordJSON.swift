import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `TransferPayload` encoding under sorted keys.

extension TransferPayload {
    /// Writes the transfer's object.
    ///
    /// - Throws: the encoder's `EncodingError` where `JSONEncoder` refuses a NaN amount.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        try writer.member("amount", amount)
        writer.member("destination", destination.rawValue)
        writer.member("productId", productID.rawValue)
        writer.member("scope")
        scope.write(to: &writer)
        writer.member("unit", unit.rawValue)
        writer.endObject()
    }
}
