import Foundation
import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of
// `EditLotPayload.encode(to:)` under sorted keys — the due date in both forms, absent edits left out.

extension EditLotPayload {
    /// Writes the lot edit's object.
    ///
    /// - Throws: `EncodingError.invalidValue` for a confidence that is not finite, and the encoder's error where
    ///   `JSONEncoder` refuses a NaN price.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        if let dueDate, let legacyDueDate {
            writer.member("dueDate")
            try legacyDueDate.write(to: &writer) { instant, writer in try writer.date(instant) }
            writer.member("dueDay")
            dueDate.write(to: &writer) { day, writer in writer.string(day.description) }
        }
        writer.optional("locationId", locationID?.rawValue)
        writer.member("lotId", lotID.rawValue)
        if let note {
            writer.member("note")
            note.write(to: &writer) { text, writer in writer.string(text) }
        }
        if let opened {
            writer.member("opened")
            writer.bool(opened)
        }
        writer.optional("openedOn", openedOn?.description)
        try writer.optional("openedOnProvenance", openedOnProvenance)
        if let packagedOn {
            writer.member("packagedOn")
            packagedOn.write(to: &writer) { day, writer in writer.string(day.description) }
        }
        try writer.optional("packagedOnProvenance", packagedOnProvenance)
        if let price {
            writer.member("price")
            try price.write(to: &writer) { amount, writer in try writer.decimal(amount) }
        }
        writer.endObject()
    }
}
