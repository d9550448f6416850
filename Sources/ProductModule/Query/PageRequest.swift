/// The page a product query asks for: how many products, and where to start.
public struct PageRequest: Hashable, Sendable, Codable {
    /// The largest page a query may ask for.
    public static let maximumLimit = 1000
    /// The page size used when none is given.
    public static let defaultLimit = 50

    /// The page size, 1 through ``maximumLimit`` (checked by ``ProductQuery/validate()``).
    public var limit: Int
    /// Where the page starts, or `nil` for the first page.
    public var cursor: PageCursor?

    /// Creates a page request.
    public init(limit: Int = PageRequest.defaultLimit, cursor: PageCursor? = nil) {
        self.limit = limit
        self.cursor = cursor
    }
}
