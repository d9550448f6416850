import Foundation

/// One change to a metadata store: put or delete a record, under an optional precondition.
///
/// Stores apply a list of writes atomically, in order (see ``MetadataStore/apply(_:)``).
public struct RecordWrite: Hashable, Sendable {
    /// What the write does.
    public enum Action: Hashable, Sendable {
        /// Creates or replaces the record with this payload and these indexed fields.
        case put(payload: Data, fields: [String: FieldValue])
        /// Deletes the record; deleting a missing record is not an error unless the precondition says so.
        case delete
    }

    /// The collection the record lives in.
    public var collection: RecordCollection
    /// The record's key.
    public var id: RecordID
    /// What the write does.
    public var action: Action
    /// The condition on the current record.
    public var precondition: RecordPrecondition

    /// Creates a write.
    public init(collection: RecordCollection, id: RecordID, action: Action, precondition: RecordPrecondition = .none) {
        self.collection = collection
        self.id = id
        self.action = action
        self.precondition = precondition
    }

    /// A write that creates or replaces a record.
    public static func put(
        _ record: StoredRecord, in collection: RecordCollection, precondition: RecordPrecondition = .none
    ) -> RecordWrite {
        RecordWrite(
            collection: collection, id: record.id, action: .put(payload: record.payload, fields: record.fields),
            precondition: precondition)
    }

    /// A write that deletes a record.
    public static func delete(
        _ id: RecordID, in collection: RecordCollection, precondition: RecordPrecondition = .none
    ) -> RecordWrite {
        RecordWrite(collection: collection, id: id, action: .delete, precondition: precondition)
    }
}
