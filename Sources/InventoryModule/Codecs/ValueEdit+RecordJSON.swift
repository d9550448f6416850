import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of
// `ValueEdit.encode(to:)` under sorted keys.

extension ValueEdit {
    /// Writes `{"type":"set","value":…}`, the value by `writeValue`, or `{"type":"clear"}`.
    ///
    /// - Throws: what `writeValue` throws.
    func write(
        to writer: inout RecordJSONWriter, value writeValue: (Value, inout RecordJSONWriter) throws -> Void
    ) rethrows {
        writer.beginObject()
        writer.member("type")
        switch self {
        case .set(let value):
            writer.string("set")
            writer.member("value")
            try writeValue(value, &writer)
        case .clear:
            writer.string("clear")
        }
        writer.endObject()
    }
}
