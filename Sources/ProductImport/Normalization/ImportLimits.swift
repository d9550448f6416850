import Foundation
import ProductModule

/// Bounds that keep hostile or broken input from exhausting memory or breaking the catalog's rules.
public struct ImportLimits: Hashable, Sendable, Codable {
    /// The largest record accepted, in bytes; larger ones are rejected with ``ImportRejection/recordTooLarge(bytes:limit:)``.
    public var maximumRecordBytes: Int
    /// The longest text kept, in characters; longer ones are cut with a warning. At most `Product/maximumTextLength`.
    public var maximumTextLength: Int
    /// The most items kept in a list (ingredients, keywords, tags); more are cut with a warning.
    public var maximumListCount: Int

    /// Creates limits; the text length is capped at `Product/maximumTextLength`.
    public init(maximumRecordBytes: Int = 2_000_000, maximumTextLength: Int = Product.maximumTextLength, maximumListCount: Int = 200) {
        self.maximumRecordBytes = max(1, maximumRecordBytes)
        self.maximumTextLength = max(1, min(maximumTextLength, Product.maximumTextLength))
        self.maximumListCount = max(1, maximumListCount)
    }

    /// 2 MB per record, the catalog's text limit, 200 items per list.
    public static let standard = ImportLimits()
}
