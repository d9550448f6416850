import Foundation
import InventoryKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renames the files of a store written before ``FileNameEncoding`` escaped uppercase letters (`Milk.json` becomes
/// `%4Dilk.json`), when the store is opened and before anything else reads or writes it.
///
/// Each rename is atomic, so a crash leaves every file under its old or its new name; the next open finishes the
/// work. A file is renamed only when its name is exactly the old name of the id it decodes to and differs from the
/// new one, and only when nothing is in the new name's place (a second file of one record is left for the loader to
/// report). Symbolic links and entries other than regular files are never renamed.
enum FileNameMigration {
    /// Renames every old-named record and blob file below `root`; returns how many were renamed.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` naming a file that could not be renamed.
    @discardableResult
    static func run(root: String) throws -> Int {
        var renamed = 0
        for scope in StorageScope.allCases {
            let scopeFolder = FileSystem.join(root, scope.rawValue)
            guard FileSystem.entryKind(scopeFolder) == .folder else { continue }
            let metadata = FileSystem.join(scopeFolder, "metadata")
            if FileSystem.entryKind(metadata) == .folder {
                for collection in FileSystem.names(inFolder: metadata) {
                    let folder = FileSystem.join(metadata, collection)
                    guard FileSystem.entryKind(folder) == .folder else { continue }
                    renamed += try renameFiles(in: folder, extension: ".json")
                }
            }
            let data = FileSystem.join(scopeFolder, "data")
            if FileSystem.entryKind(data) == .folder {
                renamed += try renameFiles(in: data, extension: ".blob")
            }
        }
        return renamed
    }

    /// Renames the old-named files with `fileExtension` in one folder, then flushes the folder when one was renamed.
    private static func renameFiles(in folder: String, extension fileExtension: String) throws -> Int {
        var renamed = 0
        for file in FileSystem.names(inFolder: folder) where file.hasSuffix(fileExtension) {
            let name = file.dropLast(fileExtension.count)
            guard let id = FileNameEncoding.decodedID(name), FileNameEncoding.legacyName(for: id) == name else { continue }
            let newName = FileNameEncoding.name(for: id)
            guard newName != name else { continue }
            let source = FileSystem.join(folder, file)
            let target = FileSystem.join(folder, newName + fileExtension)
            guard FileSystem.entryKind(source) == .regularFile, FileSystem.entryKind(target) == .missing else { continue }
            guard rename(source, target) == 0 else {
                throw StorageError.backendFailure(
                    operation: "rename \(source)", reason: String(cString: strerror(errno)))
            }
            renamed += 1
        }
        if renamed > 0 { FileSystem.syncFolder(URL(fileURLWithPath: folder)) }
        return renamed
    }
}
