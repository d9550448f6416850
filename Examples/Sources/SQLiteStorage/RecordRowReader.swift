import Foundation
import GRDB
import InventoryKit

/// Turns `(id, revision, payload, fields)` rows of `records` into the records of a query page, decoding their
/// indexed fields with one reused decoder.
struct RecordRowReader {
    /// What a row holds.
    enum Outcome {
        /// The readable record.
        case record(StoredRecord)
        /// A row whose fields do not decode.
        case damaged(DamagedRecord)
    }

    private let collection: RecordCollection
    private let decoder = StoredFieldsCoding.makeDecoder()

    /// A reader for the rows of one collection.
    init(collection: RecordCollection) {
        self.collection = collection
    }

    /// Reads one `(id, revision, payload, fields)` row; with `readsFields` false, the record's fields are left
    /// empty and the `fields` column is not read.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` for an id that is not a valid record id, and
    ///   the database's errors.
    func read(_ row: Row, readsFields: Bool = true) throws -> Outcome {
        let rawID = try row.decode(String.self, atIndex: 0)
        guard let id = RecordID(rawValue: rawID) else {
            throw StorageError.backendFailure(
                operation: "query \(collection)", reason: "the stored id \"\(rawID.prefix(80))\" is not a valid record id")
        }
        do {
            let fields = readsFields
                ? try Self.decodeFields(try row.decode(String.self, atIndex: 3), id: id, collection: collection, decoder: decoder)
                : [:]
            return .record(
                StoredRecord(id: id, payload: try row.decode(Data.self, atIndex: 2), fields: fields, revision: try row.decode(Int.self, atIndex: 1)))
        } catch let error as StorageError {
            return .damaged(DamagedRecord(collection: collection, id: id, error: error))
        }
    }
    /// Decodes a row's `fields` text.
    ///
    /// - Throws: ``StorageError/corruptRecord(collection:id:reason:)`` when the text does not decode.
    static func decodeFields(
        _ text: String, id: RecordID, collection: RecordCollection, decoder: JSONDecoder = StoredFieldsCoding.makeDecoder()
    ) throws -> [String: FieldValue] {
        do {
            return try StoredFieldsCoding.decode(text, with: decoder)
        } catch {
            throw StorageError.corruptRecord(
                collection: collection, id: id, reason: "its indexed fields do not decode: \(RecordCoding.describe(error))")
        }
    }
}
