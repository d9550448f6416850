import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of
// `DueDateSpecification.encode(to:)` under sorted keys.

extension DueDateSpecification {
    /// Writes `{"type":"productDefault"}`, `{"date":…,"day":"2026-03-11","type":"on"}` or `{"type":"never"}`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a day whose midnight is not a finite date (none is).
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        switch self {
        case .productDefault:
            writer.member("type", "productDefault")
        case .on(let day):
            writer.member("date")
            try writer.date(day.utcMidnight)
            writer.member("day", day.description)
            writer.member("type", "on")
        case .never:
            writer.member("type", "never")
        }
        writer.endObject()
    }
}
