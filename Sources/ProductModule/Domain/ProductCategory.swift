/// Where a product belongs: stable category ids such as `"food"` and `"dairy"`, not display text.
public struct ProductCategory: Hashable, Sendable, Codable {
    /// The main category id, such as `"food"`, `"beverage"` or `"software"`.
    public var main: String
    /// The sub-category id within ``main``, such as `"dairy"`.
    public var sub: String?

    /// Creates a category.
    public init(main: String, sub: String? = nil) {
        self.main = main
        self.sub = sub
    }
}
