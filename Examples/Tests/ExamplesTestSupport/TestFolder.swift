import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary folders for the Examples' tests: all of one test process's folders live in one parent folder, which
/// is removed when the process exits, so a test run leaves nothing in the temporary directory.
public enum TestFolder {
    /// The parent of this process's folders: `<temporary directory>/inventorykit-examples-tests-<pid>`.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inventorykit-examples-tests-\(getpid())")
        // A C function pointer captures nothing: it recomputes the path of this process's parent.
        atexit {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("inventorykit-examples-tests-\(getpid())")
            try? FileManager.default.removeItem(at: path)
        }
        return root
    }()

    /// A new, unique folder path under ``root`` named `<prefix>-<UUID>`; created when `create` is true.
    public static func make(_ prefix: String, create: Bool = true) throws -> URL {
        let folder = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        if create { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        return folder
    }

    /// A new, unique folder path under ``root`` named `<prefix>-<UUID>`, not created (a store creates it).
    public static func path(_ prefix: String) -> URL {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }
}
