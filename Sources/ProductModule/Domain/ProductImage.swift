import Foundation

/// An image of a product, with a stable id, where it lives and what it shows.
public struct ProductImage: Hashable, Sendable, Codable {
    /// The image's stable id, unique within its product and not empty.
    public var id: String
    /// Where the image can be downloaded.
    public var url: URL?
    /// Where the image is kept locally, relative to the app's image store.
    public var path: String?
    /// What the image shows.
    public var kind: ProductImageKind
    /// Who provided the image.
    public var source: String?
    /// The width, in pixels.
    public var width: Int?
    /// The height, in pixels.
    public var height: Int?

    /// Creates an image.
    public init(
        id: String, url: URL? = nil, path: String? = nil, kind: ProductImageKind = .other, source: String? = nil,
        width: Int? = nil, height: Int? = nil
    ) {
        self.id = id
        self.url = url
        self.path = path
        self.kind = kind
        self.source = source
        self.width = width
        self.height = height
    }
}
