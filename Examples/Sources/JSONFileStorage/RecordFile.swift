import Foundation
import InventoryKit

/// One record as its file holds it, in the form ``RecordFileCoding`` describes.
struct RecordFile: Codable, Sendable {
    var id: RecordID
    var revision: Int
    var fields: [String: FieldValue]
    var payload: Data

    private enum CodingKeys: String, CodingKey {
        case fields, id, payload, revision
    }

    init(_ record: StoredRecord) {
        id = record.id
        revision = record.revision
        fields = record.fields
        payload = record.payload
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(RecordID.self, forKey: .id)
        revision = try container.decode(Int.self, forKey: .revision)
        fields = try container.decode(RecordFileCoding.Fields.self, forKey: .fields).values
        payload = try container.decode(Data.self, forKey: .payload)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(RecordFileCoding.Fields(fields), forKey: .fields)
        try container.encode(id, forKey: .id)
        try container.encode(payload, forKey: .payload)
        try container.encode(revision, forKey: .revision)
    }

    func storedRecord() -> StoredRecord {
        StoredRecord(id: id, payload: payload, fields: fields, revision: revision)
    }
}

/// The after-images of one batch, written before any record file is touched.
struct Journal: Codable, Sendable {
    var operations: [JournalOperation]
}

/// One write of a journal: a record's new file contents, or its deletion.
struct JournalOperation: Codable, Sendable {
    var scope: StorageScope
    var collection: RecordCollection
    var id: RecordID
    var record: RecordFile?

    init(scope: StorageScope, collection: RecordCollection, record: RecordFile) {
        self.scope = scope
        self.collection = collection
        self.id = record.id
        self.record = record
    }

    init(scope: StorageScope, collection: RecordCollection, deleting id: RecordID) {
        self.scope = scope
        self.collection = collection
        self.id = id
        self.record = nil
    }
}
