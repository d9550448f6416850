import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of
// `StockScope.encode(to:)` under sorted keys.

extension StockScope {
    /// Writes `{"type":"household"}`, `{"id":…,"type":"location"}` or `{"id":…,"type":"lot"}`.
    func write(to writer: inout RecordJSONWriter) {
        writer.beginObject()
        switch self {
        case .household:
            writer.member("type", "household")
        case .location(let id):
            writer.member("id", id.rawValue)
            writer.member("type", "location")
        case .lot(let id):
            writer.member("id", id.rawValue)
            writer.member("type", "lot")
        }
        writer.endObject()
    }
}
