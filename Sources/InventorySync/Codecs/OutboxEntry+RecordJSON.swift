import Foundation
import InventoryKit

extension OutboxEntry {
    /// The entry as `RecordCoding.encode(self)` writes it, byte for byte, with the payload written by
    /// `writePayload`: a store that has just encoded the change's record splices those bytes in instead of
    /// encoding the record a second time.
    ///
    /// - Throws: `EncodingError` for a date that is not finite, or what `writePayload` throws.
    package func recordJSON(payload writePayload: (inout RecordJSONWriter) throws -> Void) throws -> Data {
        var writer = RecordJSONWriter(capacity: 512)
        writer.beginObject()
        writer.member("attempts")
        writer.number(Int64(attempts))
        writer.member("enqueuedAt")
        try writer.date(enqueuedAt)
        writer.member("entityID")
        writer.string(entityID)
        writer.member("isQuarantined")
        writer.bool(isQuarantined)
        writer.optional("lastError", lastError)
        try writer.optional("nextAttemptAt", nextAttemptAt)
        writer.member("operationID")
        writer.uuid(operationID)
        writer.member("payload")
        try writePayload(&writer)
        writer.member("sequence")
        writer.number(sequence)
        writer.member("supersededOperationIDs")
        writer.beginArray()
        for id in supersededOperationIDs { writer.uuid(id) }
        writer.endArray()
        writer.endObject()
        return writer.data
    }
}

extension SyncStamp {
    /// Writes the stamp as its `Encodable` conformance does under `RecordCoding`.
    package func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("replicaID")
        writer.string(replicaID.rawValue)
        writer.member("updatedAt")
        try writer.date(updatedAt)
        writer.member("version")
        writer.number(Int64(version))
        writer.endObject()
    }
}
