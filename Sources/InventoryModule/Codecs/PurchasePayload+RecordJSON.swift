import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `PurchasePayload` encoding under sorted keys (absent optionals left out).

extension PurchasePayload {
    /// Writes the purchase's object.
    ///
    /// - Throws: `EncodingError.invalidValue` for a date or confidence that is not finite, and the encoder's
    ///   error where `JSONEncoder` refuses a NaN amount or price.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        try writer.member("amount", amount)
        writer.optional("barcode", barcode)
        writer.member("dueDate")
        try dueDate.write(to: &writer)
        try writer.optional("dueDateProvenance", dueDateProvenance)
        writer.member("locationId", locationID.rawValue)
        writer.member("lotId", lotID.rawValue)
        writer.optional("note", note)
        writer.optional("packagedOn", packagedOn?.description)
        try writer.optional("packagedOnProvenance", packagedOnProvenance)
        try writer.optional("price", price)
        writer.member("productId", productID.rawValue)
        writer.member("purchasedAt")
        try writer.date(purchasedAt)
        writer.member("unit", unit.rawValue)
        writer.endObject()
    }
}
