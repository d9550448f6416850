import Foundation
import InventoryKit

/// Details of retro software and hardware: platform, makers, dates, requirements and source code.
///
/// These are the fields of `InventoryProduct` that have no place on a grocery item; ``Product`` reads and
/// writes them through its ``ProductDetails/collectible(_:)`` details.
public struct CollectibleDetails: Hashable, Sendable, Codable {
    /// The platform it runs on, such as `"Apple II"`.
    public var platform: String?
    /// The publisher's name.
    public var publisher: String?
    /// The developer's name.
    public var developer: String?
    /// The creator's or author's name.
    public var creator: String?
    /// A genre, such as `"adventure"`.
    public var genre: String?
    /// The product's own version or edition label.
    public var productVersion: String?
    /// The media, such as `"5.25-inch floppy"` or `"cartridge"`.
    public var mediaFormat: String?
    /// The date of first release.
    public var releaseDate: Date?
    /// The date this item was produced.
    public var productionDate: Date?
    /// The system requirements.
    public var systemRequirements: StandardSystemRequirements?
    /// Where the source code lives.
    public var sourceCode: StandardSourceCode?

    /// Creates collectible details; every value defaults to `nil`.
    public init(
        platform: String? = nil, publisher: String? = nil, developer: String? = nil, creator: String? = nil,
        genre: String? = nil, productVersion: String? = nil, mediaFormat: String? = nil, releaseDate: Date? = nil,
        productionDate: Date? = nil, systemRequirements: StandardSystemRequirements? = nil,
        sourceCode: StandardSourceCode? = nil
    ) {
        self.platform = platform
        self.publisher = publisher
        self.developer = developer
        self.creator = creator
        self.genre = genre
        self.productVersion = productVersion
        self.mediaFormat = mediaFormat
        self.releaseDate = releaseDate
        self.productionDate = productionDate
        self.systemRequirements = systemRequirements
        self.sourceCode = sourceCode
    }
}
