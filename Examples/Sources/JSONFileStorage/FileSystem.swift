import Foundation
import InventoryKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the JSON-file store needs: durable atomic writes, an exclusive lock, and reads
/// and folder creation that never follow a symbolic link.
enum FileSystem {
    /// The prefix of the temporary files ``writeAtomically(_:to:sync:)`` writes; a UUID follows it.
    static let temporaryPrefix = ".tmp-"

    /// What a path names, without following a symbolic link.
    enum EntryKind: Equatable, Sendable {
        case missing, folder, regularFile, symbolicLink, other
    }

    /// Why ``contents(ofFile:)`` refused a path: the store reads plain files only, never through a link.
    enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The path is a symbolic link.
        case symbolicLink
        /// The path is a folder, a device, a FIFO or a socket.
        case notARegularFile

        /// Why the file was not read.
        var description: String {
            switch self {
            case .symbolicLink: "it is a symbolic link, which the store never follows"
            case .notARegularFile: "it is not a regular file"
            }
        }
    }

    /// Writes `data` to `url` atomically: a temporary file in the same folder, flushed to disk, renamed over the
    /// target, and the folder flushed — a crash leaves the old file or the new one, never a torn one.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` naming the file.
    static func writeAtomically(_ data: Data, to url: URL, sync: Bool = true) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(temporaryPrefix + UUID().uuidString)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        var written = 0
        let result: Bool = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            while written < buffer.count {
                let count = write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        guard result, !sync || fsync(descriptor) == 0 else {
            close(descriptor)
            unlink(temporary.path)
            throw failure("write", temporary)
        }
        close(descriptor)
        guard rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw failure("rename", url)
        }
        if sync { syncFolder(folder) }
    }

    /// Removes a file; a missing file is not an error.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` naming the file.
    static func remove(_ url: URL) throws {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("delete", url) }
    }

    /// Flushes a folder's entries (renames, unlinks) to disk.
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Flushes every written file to disk.
    static func syncAll() {
        sync()
    }

    /// Creates a folder and its parents.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` naming the folder.
    static func makeFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw StorageError.backendFailure(operation: "create folder", reason: "\(url.path): \(error.localizedDescription)")
        }
    }

    /// Creates `components` one by one below `root` (which must exist), refusing any that already exists as
    /// something other than a real folder — a symbolic link above a record file could send writes outside the store.
    ///
    /// - Returns: the path of the innermost folder.
    /// - Throws: ``StorageError/corruptFile(path:reason:)`` naming a component that is a link or not a folder;
    ///   ``StorageError/backendFailure(operation:reason:)`` when a folder cannot be created.
    @discardableResult
    static func makeFolders(_ components: [String], below root: String) throws -> String {
        var path = root
        for component in components {
            path = join(path, component)
            if mkdir(path, 0o755) == 0 { continue }
            guard errno == EEXIST else { throw failure("create folder", path) }
            switch entryKind(path) {
            case .folder:
                continue
            case .symbolicLink:
                throw StorageError.corruptFile(path: path, reason: "it is a symbolic link; the store never writes through links")
            default:
                throw StorageError.corruptFile(path: path, reason: "it is not a folder")
            }
        }
        return path
    }

    /// What `path` names, read with `lstat` (a symbolic link is reported as one, not followed).
    static func entryKind(_ path: String) -> EntryKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT ? .missing : .other }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .regularFile
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether `name` is a temporary file of ``writeAtomically(_:to:sync:)``: the prefix, then a UUID, nothing else.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let rest = name.dropFirst(temporaryPrefix.count)
        return rest.utf8.count == 36 && UUID(uuidString: String(rest)) != nil
    }

    /// Removes the leftover temporary files (see ``isTemporaryName(_:)``) of a folder; other files are kept. Best
    /// effort: a file that cannot be removed stays (it is never read).
    static func removeTemporaryFiles(inFolder path: String) {
        for name in names(inFolder: path) where isTemporaryName(name) {
            _ = unlink(join(path, name))
        }
    }

    /// Takes an exclusive, non-blocking lock on `url`, held until ``unlock(_:)`` or process exit.
    ///
    /// - Returns: the lock's file descriptor.
    /// - Throws: ``StorageError/locked(path:)`` when another process (or another store in this process) holds it.
    static func lock(_ url: URL) throws -> Int32 {
        let descriptor = open(url.path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw failure("open lock", url) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw StorageError.locked(path: url.deletingLastPathComponent().path)
        }
        return descriptor
    }

    /// Releases a lock taken with ``lock(_:)``.
    static func unlock(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    // MARK: - Reading many files

    /// `path` and `name` joined with one `/`, without building a `URL`.
    static func join(_ path: String, _ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// The names in a folder (without `.` and `..`), in the order the file system lists them; empty when the
    /// folder is missing or cannot be read.
    static func names(inFolder path: String) -> [String] {
        (try? listing(ofFolder: path)) ?? []
    }

    /// The names in a folder (without `.` and `..`), in the order the file system lists them.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` with the system's reason when the folder cannot
    ///   be opened (missing, not a folder, no permission).
    static func listing(ofFolder path: String) throws(StorageError) -> [String] {
        guard let folder = opendir(path) else { throw failure("list", path) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            // Read the name in place, up to its NUL: the record can be shorter than `d_name`'s declared size, so
            // copying the whole field could read past the end of the kernel's buffer.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                String(cString: UnsafeRawPointer(field).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The whole contents of a file, read with one `open` and as few `read`s as its size allows. A symbolic link
    /// is not followed (`O_NOFOLLOW`), and nothing but a regular file is read (`O_NONBLOCK` keeps a FIFO from
    /// blocking the open).
    ///
    /// - Throws: ``Refusal`` for a link or a file that is not regular; ``StorageError/backendFailure(operation:reason:)``
    ///   naming the file and the system's reason.
    static func contents(ofFile path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ELOOP, entryKind(path) == .symbolicLink { throw Refusal.symbolicLink }
            throw failure("open", path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("inspect", path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Refusal.notARegularFile }
        let size = max(Int(status.st_size), 0)
        // Files are replaced by rename, never changed in place, so reading `size` bytes reads the whole file; a
        // size of 0 (unknown) reads until the end.
        var data = Data(count: size > 0 ? size : 4096)
        var length = 0
        while size == 0 || length < size {
            if length == data.count { data.count += data.count }
            let count = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base + length, buffer.count - length)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { break }
            length += count
        }
        data.count = length
        return data
    }

    private static func failure(_ operation: String, _ url: URL) -> StorageError {
        failure(operation, url.path)
    }

    private static func failure(_ operation: String, _ path: String) -> StorageError {
        .backendFailure(operation: operation, reason: "\(path): \(String(cString: strerror(errno)))")
    }
}
