import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `OpenPayload` encoding under sorted keys (absent optionals left out).

extension OpenPayload {
    /// Writes the payload's object.
    ///
    /// - Throws: `EncodingError.invalidValue` for a confidence that is not finite or a NaN amount, as
    ///   `JSONEncoder` does.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("amount")
        try writer.decimal(amount)
        writer.optional("openedOn", openedOn?.description)
        if let openedOnProvenance {
            writer.member("openedOnProvenance")
            try openedOnProvenance.write(to: &writer)
        }
        writer.member("productId")
        writer.string(productID.rawValue)
        writer.member("scope")
        scope.write(to: &writer)
        writer.member("unit")
        writer.string(unit.rawValue)
        writer.endObject()
    }
}
