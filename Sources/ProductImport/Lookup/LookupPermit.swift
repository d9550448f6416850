import Foundation

/// One request's slot, handed out by ``LookupRateLimiting/acquire()`` and handed back to
/// ``LookupRateLimiting/release(_:)``.
public struct LookupPermit: Hashable, Sendable, Codable {
    /// Names the permit in the limiter's state.
    public var id: UUID
    /// When the request was allowed to start, on the limiter's clock (seconds; only differences matter).
    public var grantedAt: Double

    /// Creates a permit.
    public init(id: UUID = UUID(), grantedAt: Double) {
        self.id = id
        self.grantedAt = grantedAt
    }
}
