import Foundation
import GRDB
import InventoryKit

extension StorageError {
    /// The kit's error for an error thrown while accessing the database: a `StorageError` is kept as it is;
    /// `SQLITE_BUSY` or `SQLITE_LOCKED` (another connection, usually another process, held the database past the
    /// busy timeout) becomes ``StorageError/locked(path:)`` naming the database file at `path`, as the JSON-file
    /// store reports a folder another process holds; any other error (a `DatabaseError` such as
    /// `SQLITE_CONSTRAINT`, a file error) becomes ``StorageError/backendFailure(operation:reason:)`` naming the
    /// operation and SQLite's message.
    static func wrapping(_ error: any Error, operation: String, path: String) -> StorageError {
        switch error {
        case let error as StorageError:
            return error
        case let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED:
            return .locked(path: path)
        case let error as DatabaseError:
            let message = error.message ?? "no message"
            return .backendFailure(operation: operation, reason: "SQLite error \(error.extendedResultCode.rawValue): \(message)")
        default:
            return .backendFailure(operation: operation, reason: String(describing: error))
        }
    }

    /// The error for a stored row whose payload does not decode: ``StorageError/corruptRecord(collection:id:reason:)``
    /// naming the row's key, or a backend failure when the key itself is not a valid record id.
    static func corrupt(collection: RecordCollection, key: String, error: any Error) -> StorageError {
        let reason = error is DecodingError ? RecordCoding.describe(error) : String(describing: error)
        guard let id = RecordID(rawValue: key) else {
            return .backendFailure(operation: "read \(collection)", reason: "a row with key \"\(key.prefix(80))\" is corrupt: \(reason)")
        }
        return .corruptRecord(collection: collection, id: id, reason: reason)
    }
}
