import Foundation

/// Why a storage operation failed. Every case names what it was about, so the message reads well on its own.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// A record or blob id was empty, too long or held a control character.
    case invalidIdentifier(String, reason: String)
    /// A collection name broke the naming rules of ``RecordCollection``.
    case invalidCollectionName(String, reason: String)
    /// A query could not be executed as given.
    case invalidQuery(reason: String)
    /// A cursor was not made by this kit or was made for another sort order.
    case invalidCursor(reason: String)
    /// A write's precondition did not hold; nothing in its batch was written.
    case preconditionFailed(collection: RecordCollection, id: RecordID, expected: RecordPrecondition, actualRevision: Int?)
    /// A stored record could not be decoded as the requested type; other records are unaffected.
    case corruptRecord(collection: RecordCollection, id: RecordID, reason: String)
    /// A stored blob did not match its recorded checksum or size.
    case corruptBlob(id: RecordID, reason: String)
    /// A value could not be encoded for storage; nothing was written.
    case encodingFailed(collection: RecordCollection, id: RecordID, reason: String)
    /// A stored file could not be read or parsed (adapters that keep files name the file).
    case corruptFile(path: String, reason: String)
    /// The store is used by another process and could not be locked.
    case locked(path: String)
    /// The underlying storage failed (disk full, database error, injected fault).
    case backendFailure(operation: String, reason: String)

    /// A message naming the record, collection or file and what was wrong.
    public var description: String {
        switch self {
        case .invalidIdentifier(let id, let reason):
            "invalid id \"\(id)\": \(reason)"
        case .invalidCollectionName(let name, let reason):
            "invalid collection name \"\(name)\": \(reason)"
        case .invalidQuery(let reason):
            "invalid query: \(reason)"
        case .invalidCursor(let reason):
            "invalid cursor: \(reason)"
        case .preconditionFailed(let collection, let id, let expected, let actual):
            "write to \(collection)/\(id) expected \(expected) but found "
                + (actual.map { "revision \($0)" } ?? "no record") + "; nothing in the batch was written"
        case .corruptRecord(let collection, let id, let reason):
            "record \(collection)/\(id) is corrupt: \(reason)"
        case .corruptBlob(let id, let reason):
            "blob \(id) is corrupt: \(reason)"
        case .encodingFailed(let collection, let id, let reason):
            "record \(collection)/\(id) could not be encoded: \(reason)"
        case .corruptFile(let path, let reason):
            "file \(path) is corrupt: \(reason)"
        case .locked(let path):
            "store \(path) is locked by another process"
        case .backendFailure(let operation, let reason):
            "storage failed during \(operation): \(reason)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// Whether the error reports stored data that cannot be read — a corrupt record, blob or file — rather than an
    /// operation that failed or was refused. Such data stays as it is until it is repaired, restored or rewritten.
    public var isDamagedData: Bool {
        switch self {
        case .corruptRecord, .corruptBlob, .corruptFile: true
        default: false
        }
    }
}
