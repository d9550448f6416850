/// How a product's data entered the catalogue.
public enum ProductSource: String, Hashable, Sendable, Codable, CaseIterable {
    /// Typed in by a person.
    case manual
    /// Found by looking up its barcode.
    case barcodeLookup
    /// Extracted from images or text by a model.
    case aiExtraction
    /// Imported from a feed.
    case importedFeed
    /// Merged from several sources.
    case merged
}
