import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a store of `kind` at `url` keeps its data: the JSON folder itself, or the SQLite file
/// (`<folder>/pantry.sqlite` unless the path ends in `.sqlite`).
func storePath(_ kind: StoreKind, at url: URL) -> URL {
    switch kind {
    case .json: url
    case .sqlite: url.pathExtension == "sqlite" ? url : url.appendingPathComponent("pantry.sqlite")
    }
}

/// The questions about store paths that `--path`, `--remote` and `backup` ask: whether a store is there, and
/// whether two spellings name the same store.
enum StoreLocation {
    /// The kind a path names when nothing else says: a `.sqlite` file, else a JSON folder (`sync --remote`).
    static func kind(of url: URL) -> StoreKind {
        url.pathExtension == "sqlite" ? .sqlite : .json
    }

    /// Whether a store of `kind` is at `url`: the SQLite file, or a folder a JSON store was opened in (or an empty
    /// folder, which opens as an empty store).
    static func exists(_ kind: StoreKind, at url: URL) -> Bool {
        var isFolder: ObjCBool = false
        let path = storePath(kind, at: url).path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return false }
        switch kind {
        case .sqlite: return !isFolder.boolValue
        case .json: return isFolder.boolValue && (folderNames(url)?.isEmpty == true || holdsJSONStoreFiles(url))
        }
    }

    /// Whether a store of `kind` at `url` holds anything: the SQLite file, or a JSON store's files (an empty folder
    /// opens as a store, but holds nothing yet).
    static func holdsData(_ kind: StoreKind, at url: URL) -> Bool {
        switch kind {
        case .sqlite: exists(.sqlite, at: url)
        case .json: holdsJSONStoreFiles(url)
        }
    }

    /// Throws unless a store of `kind` is at `url`: the check of commands that only read or change what a store
    /// holds, before anything is created.
    ///
    /// - Throws: ``PantryError/noStore(_:otherKind:)`` naming where the store was looked for, and the other kind
    ///   when a store of that kind is there (`--store` left out or given wrongly).
    static func requireStore(_ kind: StoreKind, at url: URL) throws {
        guard !exists(kind, at: url) else { return }
        let other: StoreKind? = switch kind {
        case .sqlite: holdsJSONStoreFiles(url) ? .json : nil
        case .json: exists(.sqlite, at: url) ? .sqlite : nil
        }
        throw PantryError.noStore(storePath(kind, at: url).path, otherKind: other)
    }

    /// Throws when a store of the other kind is at `url` and none of `kind`: a command that may create a store does
    /// not put a second, empty one beside it (`--store json` on a folder holding `pantry.sqlite`, or the default
    /// SQLite store in a JSON store's folder).
    ///
    /// - Throws: ``PantryError/otherStoreKind(_:kind:)``.
    static func refuseOtherKind(_ kind: StoreKind, at url: URL) throws {
        guard !exists(kind, at: url) else { return }
        let other: StoreKind? = switch kind {
        case .sqlite: holdsJSONStoreFiles(url) ? .json : nil
        case .json: exists(.sqlite, at: url) ? .sqlite : nil
        }
        if let other { throw PantryError.otherStoreKind(url.path, kind: other) }
    }

    /// Whether the folder holds what only a JSON store writes at its root: its lock, journal or record folders.
    private static func holdsJSONStoreFiles(_ url: URL) -> Bool {
        folderNames(url)?.contains { [".lock", "user", "domain", "journal.json"].contains($0) } ?? false
    }

    private static func folderNames(_ url: URL) -> [String]? {
        try? FileManager.default.contentsOfDirectory(atPath: url.path)
    }

    /// Whether `sync --remote remote` names the pantry's own store (a pantry of `kind` at `location`) in any
    /// spelling: its folder or its `.sqlite` file, relative or absolute, with `..`, a trailing slash, through a
    /// symbolic or a hard link. The remote is looked at both as typed and as the store it opens.
    static func isOwnStore(remote: String, kind: StoreKind, location: URL) -> Bool {
        let remoteURL = URL(fileURLWithPath: remote)
        let remotePaths = [remoteURL, storePath(Self.kind(of: remoteURL), at: remoteURL)]
        let ownPaths = [location, storePath(kind, at: location)]
        return remotePaths.contains { one in ownPaths.contains { isSameFile(one, $0) } }
    }

    /// Whether two paths name the same file or folder: the same canonical path, or the same file on the same device
    /// (a hard link).
    static func isSameFile(_ first: URL, _ second: URL) -> Bool {
        if canonicalPath(first) == canonicalPath(second) { return true }
        let manager = FileManager.default
        guard let one = try? manager.attributesOfItem(atPath: first.path),
            let two = try? manager.attributesOfItem(atPath: second.path),
            let inode = one[.systemFileNumber] as? NSNumber, let device = one[.systemNumber] as? NSNumber
        else { return false }
        return inode == two[.systemFileNumber] as? NSNumber && device == two[.systemNumber] as? NSNumber
    }

    /// The absolute path with symbolic links resolved, without `.`, `..` or a trailing slash; for a path that does
    /// not exist (yet), its longest existing parent resolved and the rest appended.
    static func canonicalPath(_ url: URL) -> String {
        let standardized = url.standardizedFileURL
        if let resolved = realpath(standardized.path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let parent = standardized.deletingLastPathComponent()
        guard parent.path != standardized.path else { return standardized.path }
        return URL(fileURLWithPath: canonicalPath(parent)).appendingPathComponent(standardized.lastPathComponent).path
    }
}
