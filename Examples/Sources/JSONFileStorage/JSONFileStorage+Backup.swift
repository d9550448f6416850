import Foundation
import InventoryKit

extension JSONFileStorage {
    /// Copies the store's folder to `destination` (a folder that must not exist yet) while this store holds its
    /// lock: no other process can write meanwhile and this actor runs nothing else, so the copy is consistent. The
    /// lock file itself is not copied.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` when the destination exists or a copy fails.
    public func backup(to destination: URL) throws {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: destination.path) else {
            throw StorageError.backendFailure(operation: "back up \(root.path)", reason: "\(destination.path) exists already")
        }
        do {
            try manager.copyItem(at: root, to: destination)
            try? manager.removeItem(at: destination.appendingPathComponent(".lock"))
        } catch {
            try? manager.removeItem(at: destination)
            throw StorageError.backendFailure(operation: "back up \(root.path)", reason: error.localizedDescription)
        }
    }
}
