import Foundation
import InventoryKit
import InventorySync

// Every product a commit writes also writes its sync record: `RecordCoding.encode` of one takes this path, the
// bytes `JSONEncoder` writes without its generic machinery (a failed status, rare, is still written by
// `JSONEncoder` and spliced in). `ProductSyncRecordJSONTests` holds the two paths equal.

extension ProductSyncRecord: RecordJSONWritable {
    package func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        if let baseStamp {
            writer.member("baseStamp")
            try baseStamp.write(to: &writer)
        }
        if let fieldClock {
            writer.member("fieldClock")
            try fieldClock.write(to: &writer)
        }
        try writer.optional("lastSyncedAt", lastSyncedAt)
        if let pendingOperationID {
            writer.member("pendingOperationID")
            writer.uuid(pendingOperationID)
        }
        writer.member("productId")
        writer.string(productID.rawValue)
        writer.member("stamp")
        try stamp.write(to: &writer)
        writer.member("status")
        switch status {
        case .pendingUpsert, .pendingDelete, .synced:
            // A case without values: `{"<case>":{}}`.
            writer.beginObject()
            writer.member(status.kind.rawValue)
            writer.beginObject()
            writer.endObject()
            writer.endObject()
        case .failed:
            try writer.foundation(status)
        }
        writer.endObject()
    }
}
