import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of
// `StockScope.encode(to:)` under sorted keys.

extension StockScope {
    /// Writes `{"type":"household"}`, `{"id":…,"type":"location"}` or `{"id":…,"type":"lot"}`.
    func write(to writer: inout RecordJSONWriter) {
        writer.beginObject()
        switch self {
        case .household:
            writer.member("type")
            writer.string("household")
        case .location(let id):
            writer.member("id")
            writer.string(id.rawValue)
            writer.member("type")
            writer.string("location")
        case .lot(let id):
            writer.member("id")
            writer.string(id.rawValue)
            writer.member("type")
            writer.string("lot")
        }
        writer.endObject()
    }
}
