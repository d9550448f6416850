import Foundation

/// A store of files and blobs keyed by id: images, manuals, disk images, exports.
///
/// ## Implementer obligations
/// - ``write(_:to:)`` replaces the blob atomically: a reader sees the old bytes or the new ones, never a mix,
///   also after a crash.
/// - ``read(_:)`` returns exactly the bytes last written, or `nil` when there is no such blob.
/// - ``list(after:limit:)`` pages through ids in ``RecordID`` order.
/// - Ids may contain `/` and `..`: adapters that name files after ids must encode them.
/// - All methods are safe to call concurrently.
public protocol DataStore: Sendable {
    /// The store's scope (user or domain).
    var scope: StorageScope { get }

    /// Creates or replaces a blob.
    ///
    /// - Throws: ``StorageError``: a backend failure; the previous blob is then unchanged.
    func write(_ data: Data, to id: RecordID) async throws

    /// The blob's bytes, or `nil` when there is none.
    ///
    /// - Throws: ``StorageError``: a backend failure or an unreadable blob.
    func read(_ id: RecordID) async throws -> Data?

    /// Deletes a blob.
    ///
    /// - Returns: whether a blob was deleted.
    /// - Throws: ``StorageError``: a backend failure.
    @discardableResult
    func delete(_ id: RecordID) async throws -> Bool

    /// Up to `limit` blob ids that sort after `after` (or from the start), in ``RecordID`` order.
    ///
    /// - Throws: ``StorageError/invalidQuery(reason:)`` for a limit below 1, or a backend failure.
    func list(after: RecordID?, limit: Int) async throws -> [RecordID]
}
