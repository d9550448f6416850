import Foundation
import InventoryKit

extension JSONFileStorage {
    /// A one-time rewrite of the payloads of one collection, run when a store is opened, before anything reads it.
    ///
    /// Pass a store's migrations, oldest first, to ``JSONFileStorage/init(root:migrations:)``. A migration the store
    /// has not applied yet runs over every record file of its collection: ``rewrite`` gets each record's payload
    /// and answers the new payload, or `nil` to leave the record as it is. Each rewritten file is replaced
    /// atomically, keeping the record's id, revision and indexed fields; once every file of the collection is done,
    /// the migration's ``name`` is recorded in the store's `migrations.json`, and later opens skip it.
    ///
    /// ```swift
    /// let renameUnits = JSONFileStorage.DataMigration(
    ///     name: "units-renamed", scope: .user, collection: "units"
    /// ) { payload in
    ///     var unit = try JSONDecoder().decode(Unit.self, from: payload)
    ///     guard unit.name == "litre" else { return nil }
    ///     unit.name = "liter"
    ///     return try JSONEncoder().encode(unit)
    /// }
    /// let storage = try await JSONFileStorage(root: folder, migrations: [renameUnits])
    /// ```
    ///
    /// What a rewrite must guarantee:
    /// - **It answers `nil` for a payload it has rewritten already.** A crash midway leaves some files rewritten and
    ///   the migration unrecorded, so the next open runs it again over every record.
    /// - **It changes nothing the indexed fields are made of.** The record's fields are kept as stored, so a rewrite
    ///   may change how a value is written, not what it is.
    /// - **It throws, or answers `nil`, for a payload it cannot read.** Either way the record is left as it is (as
    ///   is a file that is not a record file, is a symbolic link, or holds another id than its name's), and the
    ///   store reports it as it would without the migration.
    public struct DataMigration: Sendable {
        /// The name the store records once the migration has run; two migrations of one store never share one.
        public let name: String
        /// The scope of the collection the migration rewrites.
        public let scope: StorageScope
        /// The collection whose records the migration rewrites.
        public let collection: RecordCollection
        /// A record's new payload, or `nil` to leave the record as it is; a payload it throws on is left as it is.
        public let rewrite: @Sendable (_ payload: Data) throws -> Data?

        /// Creates a migration of the records of `collection` in `scope`.
        ///
        /// - Parameters:
        ///   - name: the name recorded in the store's `migrations.json` once the migration has run.
        ///   - scope: the metadata store holding `collection`.
        ///   - collection: the collection whose records `rewrite` sees.
        ///   - rewrite: a record's new payload, or `nil` (or a thrown error) to leave the record as it is.
        public init(
            name: String, scope: StorageScope, collection: RecordCollection,
            rewrite: @escaping @Sendable (_ payload: Data) throws -> Data?
        ) {
            self.name = name
            self.scope = scope
            self.collection = collection
            self.rewrite = rewrite
        }
    }
}
