/// What a date on a lot's label means.
public enum LotDateKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Best before: quality may decline after the date.
    case bestBefore
    /// Use by / expiry: unsafe after the date.
    case useBy
    /// The day the food was packaged.
    case packagedOn
    /// The day the lot was opened.
    case openedOn
}
