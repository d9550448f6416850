import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `PurchasePayload` encoding under sorted keys (absent optionals left out).

extension PurchasePayload {
    /// Writes the payload's object.
    ///
    /// - Throws: `EncodingError.invalidValue` for a date or confidence that is not finite, or a NaN amount or
    ///   price, as `JSONEncoder` does.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("amount")
        try writer.decimal(amount)
        writer.optional("barcode", barcode)
        writer.member("dueDate")
        try dueDate.write(to: &writer)
        if let dueDateProvenance {
            writer.member("dueDateProvenance")
            try dueDateProvenance.write(to: &writer)
        }
        writer.member("locationId")
        writer.string(locationID.rawValue)
        writer.member("lotId")
        writer.string(lotID.rawValue)
        writer.optional("note", note)
        writer.optional("packagedOn", packagedOn?.description)
        if let packagedOnProvenance {
            writer.member("packagedOnProvenance")
            try packagedOnProvenance.write(to: &writer)
        }
        try writer.optional("price", price)
        writer.member("productId")
        writer.string(productID.rawValue)
        writer.member("purchasedAt")
        try writer.date(purchasedAt)
        writer.member("unit")
        writer.string(unit.rawValue)
        writer.endObject()
    }
}
