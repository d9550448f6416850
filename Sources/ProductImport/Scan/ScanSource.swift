/// Where a scanned product's record came from.
public enum ScanSource: Hashable, Sendable, CustomStringConvertible {
    /// A live lookup, at this URL.
    case lookup(String)
    /// A response cached earlier, under this key.
    case cache(String)

    /// `lookup URL` or `cache KEY`.
    public var description: String {
        switch self {
        case .lookup(let url): "lookup \(url)"
        case .cache(let key): "cache \(key)"
        }
    }
}
