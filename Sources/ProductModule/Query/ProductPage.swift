import InventoryKit

/// One page of a product query's results and where the next page starts.
public struct ProductPage: Hashable, Sendable {
    /// The products, in query order.
    public var products: [Product]
    /// Where the next page starts, or `nil` when this is the last page.
    public var nextCursor: PageCursor?
    /// Stored products the store could not read (a corrupt row or file), skipped from ``products``. Each is
    /// reported where it would have sorted, or on the first page when the store cannot tell where that is. A
    /// client lists what is readable and names these; reading one by id throws its error.
    public var damaged: [DamagedRecord]

    /// Creates a page.
    public init(products: [Product], nextCursor: PageCursor?, damaged: [DamagedRecord] = []) {
        self.products = products
        self.nextCursor = nextCursor
        self.damaged = damaged
    }
}
