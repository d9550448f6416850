/// Why an import stopped. Bad records never stop an import (they are rejected); only the storage can.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Reading or writing the catalog or the client's store failed; records before `processed` were handled.
    case storageFailed(reason: String, processed: Int)

    /// A sentence naming the failure.
    public var description: String {
        switch self {
        case .storageFailed(let reason, let processed): "storage failed after \(processed) records: \(reason)"
        }
    }
}
