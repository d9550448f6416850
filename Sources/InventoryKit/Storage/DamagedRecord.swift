import Foundation

/// A stored record a read could not return, named with the reason.
///
/// Lenient reads — ``MetadataStore/query(_:in:)`` and the product module's product pages — skip a record they
/// cannot read and list it in the page's `damaged` entries instead of failing the whole page, so a client can
/// show everything that is readable and say exactly what is not. Typed reads (``MetadataStore/query(_:_:)``,
/// ``MetadataStore/all(matching:sort:in:)``) are strict: they throw the first damage's ``error``.
public struct DamagedRecord: Hashable, Sendable, CustomStringConvertible {
    /// The collection the record belongs to.
    public var collection: RecordCollection
    /// The record's id, or `nil` when the store cannot tell which record it is (a file whose name is not an
    /// id's, a collection folder that cannot be listed).
    public var id: RecordID?
    /// Why it could not be read: ``StorageError/corruptRecord(collection:id:reason:)`` or
    /// ``StorageError/corruptFile(path:reason:)``.
    public var error: StorageError

    /// Creates an entry.
    public init(collection: RecordCollection, id: RecordID?, error: StorageError) {
        self.collection = collection
        self.id = id
        self.error = error
    }

    /// The error's message, which names the record or file.
    public var description: String { error.description }

    /// Hashes the collection, the id and the error's message (``StorageError`` is only `Equatable`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(collection)
        hasher.combine(id)
        hasher.combine(error.description)
    }
}
