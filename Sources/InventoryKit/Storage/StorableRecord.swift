import Foundation

/// A `Codable` value that knows its collection, its id and the fields stores index, so it can be kept in any
/// ``MetadataStore``.
///
/// ```swift
/// struct Game: StorableRecord {
///     static let collection: RecordCollection = "games"
///     var id: UUID
///     var title: String
///     var recordID: RecordID { RecordID(id) }
///     var indexedFields: [String: FieldValue] { ["title": .string(title)] }
/// }
/// try await storage.domainMetadata.save(game)
/// let page = try await storage.domainMetadata.query(Game.self, RecordQuery(sort: [.ascending("title")]))
/// ```
public protocol StorableRecord: Codable, Sendable {
    /// The collection records of this type live in.
    static var collection: RecordCollection { get }
    /// The record's key; throw ``StorageError/invalidIdentifier(_:reason:)`` when the value has no valid key.
    var recordID: RecordID { get throws }
    /// The fields stores can filter and sort on. Default: none.
    var indexedFields: [String: FieldValue] { get }
}

// MARK: - Default implementations

extension StorableRecord {
    /// No indexed fields.
    public var indexedFields: [String: FieldValue] { [:] }
}

// MARK: - API

extension StorableRecord {
    /// The record encoded for storage with ``RecordCoding``.
    ///
    /// - Throws: ``StorageError/invalidIdentifier(_:reason:)`` or ``StorageError/encodingFailed(collection:id:reason:)``.
    public func storedRecord() throws -> StoredRecord {
        let id = try recordID
        do {
            return StoredRecord(id: id, payload: try RecordCoding.encode(self), fields: indexedFields)
        } catch {
            throw StorageError.encodingFailed(collection: Self.collection, id: id, reason: String(describing: error))
        }
    }

    /// Decodes a stored record of this type.
    ///
    /// - Throws: ``StorageError/corruptRecord(collection:id:reason:)`` when the payload does not decode.
    public static func decode(_ record: StoredRecord) throws(StorageError) -> Self {
        do {
            return try RecordCoding.decode(Self.self, from: record.payload)
        } catch {
            throw .corruptRecord(collection: collection, id: record.id, reason: RecordCoding.describe(error))
        }
    }
}
