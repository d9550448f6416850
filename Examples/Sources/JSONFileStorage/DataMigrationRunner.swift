import Foundation
import InventoryKit

/// Runs the ``JSONFileStorage/DataMigration``s a store has not applied yet, when it is opened and before anything
/// reads it, and records each in `<root>/migrations.json` once done.
///
/// Each rewritten record file is replaced atomically (and flushed) before the migration is recorded, so a crash
/// leaves every file old or new and the migration unrecorded; the next open runs it again, and the files already
/// rewritten answer `nil`. A file that does not read as a record file, is a symbolic link, or holds another id than
/// its name stands for is left as it is for the loader to report. A migration whose collection folder is a
/// symbolic link, is not a folder, or cannot be listed is not recorded, so it runs again on the next open.
enum DataMigrationRunner {
    /// The manifest's file name in the store's root: `{"applied":["<name>",…]}`, in the order they ran.
    static let manifestName = "migrations.json"

    /// The names of the migrations a store has applied, as its manifest records them.
    private struct Manifest: Codable {
        var applied: [String]
    }

    /// Runs every migration of `migrations` that the manifest below `root` does not name, in order, recording each
    /// once its collection is done; returns the names of those recorded.
    ///
    /// - Throws: ``StorageError/corruptFile(path:reason:)`` naming `migrations.json` when it cannot be read (nothing
    ///   on disk is changed); ``StorageError/backendFailure(operation:reason:)`` naming a file that could not be written.
    @discardableResult
    static func run(_ migrations: [JSONFileStorage.DataMigration], root: String) throws -> [String] {
        guard !migrations.isEmpty else { return [] }
        let manifestURL = URL(fileURLWithPath: FileSystem.join(root, manifestName))
        var manifest = try readManifest(manifestURL)
        var recorded: [String] = []
        for migration in migrations where !manifest.applied.contains(migration.name) {
            guard try rewriteCollection(migration, root: root) else { continue }
            manifest.applied.append(migration.name)
            try FileSystem.writeAtomically(try RecordFileCoding.encode(manifest), to: manifestURL)
            recorded.append(migration.name)
        }
        return recorded
    }

    /// The manifest below `root`, or an empty one when the store has none yet.
    ///
    /// - Throws: ``StorageError/corruptFile(path:reason:)`` naming the manifest when it cannot be read or decoded.
    private static func readManifest(_ url: URL) throws -> Manifest {
        guard FileSystem.entryKind(url.path) != .missing else { return Manifest(applied: []) }
        do {
            return try RecordFileCoding.decode(Manifest.self, from: try FileSystem.contents(ofFile: url.path))
        } catch {
            throw StorageError.corruptFile(
                path: url.path,
                reason: "the list of the store's applied migrations cannot be read (\(RecordFileLoader.reason(for: error))); "
                    + "it was left in place: restore it, or remove it to run every migration again")
        }
    }

    /// Rewrites the record files of the migration's collection; answers whether its folder was read (a missing one
    /// holds nothing to rewrite).
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` naming a file that could not be written.
    private static func rewriteCollection(_ migration: JSONFileStorage.DataMigration, root: String) throws -> Bool {
        var folder = root
        for component in [migration.scope.rawValue, "metadata", migration.collection.rawValue] {
            folder = FileSystem.join(folder, component)
            switch FileSystem.entryKind(folder) {
            case .folder: continue
            case .missing: return true
            case .regularFile, .symbolicLink, .other: return false
            }
        }
        let names: [String]
        do {
            names = try FileSystem.listing(ofFolder: folder)
        } catch {
            return false
        }
        let decoder = RecordFileCoding.makeDecoder()
        let encoder = RecordFileCoding.makeEncoder()
        for file in names where file.hasSuffix(".json") {
            let path = FileSystem.join(folder, file)
            guard let contents = try? FileSystem.contents(ofFile: path),
                var record = try? decoder.decode(RecordFile.self, from: contents),
                FileNameEncoding.name(for: record.id) == file.dropLast(5),
                let payload = try? migration.rewrite(record.payload), payload != record.payload
            else { continue }
            record.payload = payload
            try FileSystem.writeAtomically(try encoder.encode(record), to: URL(fileURLWithPath: path))
        }
        return true
    }
}
