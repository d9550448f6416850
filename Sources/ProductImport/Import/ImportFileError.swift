/// Why a feed file could not be read.
public enum ImportFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened.
    case unreadable(path: String, reason: String)
    /// Reading the file failed part way; the records read before were imported.
    case readFailed(path: String, reason: String)

    /// `"cannot read feed.jsonl: No such file or directory"`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .readFailed(let path, let reason): "reading \(path) failed part way: \(reason)"
        }
    }
}
