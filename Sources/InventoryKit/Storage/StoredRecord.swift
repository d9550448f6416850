import Foundation

/// A record as a metadata store keeps it: an encoded payload plus the indexed fields to filter and sort on.
///
/// Stores never look inside ``payload``; they filter and sort on ``fields`` only, so any adapter can execute a
/// ``RecordQuery`` without knowing the record's type. The typed API (``StorableRecord``) builds both from a
/// `Codable` value.
public struct StoredRecord: Hashable, Sendable {
    /// The record's key within its collection.
    public var id: RecordID
    /// The encoded record (JSON when written through the typed API).
    public var payload: Data
    /// The indexed fields, by name.
    public var fields: [String: FieldValue]
    /// The store's revision of the record: 1 after the first write, +1 on every later write, 0 when not stored.
    public var revision: Int

    /// Creates a record.
    public init(id: RecordID, payload: Data, fields: [String: FieldValue] = [:], revision: Int = 0) {
        self.id = id
        self.payload = payload
        self.fields = fields
        self.revision = revision
    }

    /// The value of a field; a missing field reads as ``FieldValue/null``.
    public subscript(field name: String) -> FieldValue {
        fields[name] ?? .null
    }
}
