/// One page of a product query's results and where the next page starts.
public struct ProductPage: Hashable, Sendable {
    /// The products, in query order.
    public var products: [Product]
    /// Where the next page starts, or `nil` when this is the last page.
    public var nextCursor: PageCursor?

    /// Creates a page.
    public init(products: [Product], nextCursor: PageCursor?) {
        self.products = products
        self.nextCursor = nextCursor
    }
}
