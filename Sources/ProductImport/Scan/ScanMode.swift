/// How ``ProductScanService`` answers a scan.
public enum ScanMode: Hashable, Sendable {
    /// The local catalog first, then the lookup (a cached response when the lookup is offline).
    case standard
    /// The lookup even when the catalog has the product, merged into it without replacing what a person edited.
    case refresh
    /// No request: the local catalog, then the cached response.
    case offline
}
