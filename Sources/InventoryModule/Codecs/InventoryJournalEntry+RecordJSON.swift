import InventoryKit
import InventorySync

// Every decided command appends journal entries, and every store and sync push encodes them:
// `RecordCoding.encode` of an entry takes this path, the bytes `JSONEncoder` writes (sorted keys, absent
// optionals left out) without its generic machinery. Which operations are written by hand and which are spliced
// from `JSONEncoder` is said in `InventoryOperation+RecordJSON.swift`. `InventoryJournalEntryJSONTests` holds the
// two paths equal.

extension InventoryJournalEntry: RecordJSONWritable {
    package func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("correlationId")
        writer.uuid(correlationID.rawValue)
        writer.member("householdId", householdID.rawValue)
        writer.member("id")
        writer.uuid(id)
        writer.optional("idempotencyKey", idempotencyKey?.rawValue)
        writer.member("operation")
        try operation.write(to: &writer)
        writer.member("recordedAt")
        try writer.date(recordedAt)
        writer.member("replicaID", replicaID.rawValue)
        writer.member("transactionId")
        writer.uuid(transactionID.rawValue)
        writer.endObject()
    }
}
