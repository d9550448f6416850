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

    /// The kind as a message names it: `best-before`, `use-by`, `packaged-on`, `opened-on`.
    var readableName: String {
        switch self {
        case .bestBefore: "best-before"
        case .useBy: "use-by"
        case .packagedOn: "packaged-on"
        case .openedOn: "opened-on"
        }
    }
}
