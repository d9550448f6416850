/// What a due date means: past a best-before date food is *overdue* (often still fine); past an expiry date it
/// is *expired* (throw it away).
public enum DueDateKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Best before: quality may decline after the date.
    case bestBefore
    /// Use by / expiry: unsafe after the date.
    case expiry
}
