import Foundation

/// A record of a collectibles or software catalogue: a game, a program, a computer, a console.
///
/// ```json
/// {"manufacturer": "Brøderbund", "title": "Lode Runner", "platform": "Apple II", "releaseDate": "1983",
///  "systemRequirements": {"memory": "48K", "cpu": "6502"}}
/// ```
///
/// Decoding is tolerant, field by field: numbers are read as texts (`"releaseDate": 1983`), other wrong types
/// are left out and noted in `decodingWarnings`.
public struct CollectibleRecord: Hashable, Sendable, Codable {
    /// The maker's name.
    public var manufacturer: String?
    /// The title.
    public var title: String?
    /// The platform, such as `"Apple II"`.
    public var platform: String?
    /// The release date: `"1983"`, `"1983-06"`, `"1983-06-15"` or an ISO 8601 date and time.
    public var releaseDate: String?
    /// The system requirements.
    public var systemRequirements: CollectibleRequirements?
    /// A barcode, when the item has one.
    public var barcode: String?
    /// The catalogue's own id of the item (its key when there is no barcode).
    public var catalogID: String?
    /// The kind, such as `"game"`, `"utility"`, `"console"`; mapped through the category table.
    public var kind: String?
    /// The publisher.
    public var publisher: String?
    /// The developer.
    public var developer: String?
    /// The creator or author.
    public var creator: String?
    /// The genre.
    public var genre: String?
    /// The media, such as `"5.25-inch floppy"`.
    public var mediaFormat: String?
    /// The version or edition label.
    public var productVersion: String?
    /// A description.
    public var summary: String?
    /// The catalogue's revision of the record, recorded in provenance.
    public var revision: String?
    /// What decoding noticed; not encoded.
    public var decodingWarnings: [ImportWarning] = []

    /// Creates a record; every value defaults to `nil`.
    public init(
        manufacturer: String? = nil, title: String? = nil, platform: String? = nil, releaseDate: String? = nil,
        systemRequirements: CollectibleRequirements? = nil, barcode: String? = nil, catalogID: String? = nil,
        kind: String? = nil, publisher: String? = nil, developer: String? = nil, creator: String? = nil,
        genre: String? = nil, mediaFormat: String? = nil, productVersion: String? = nil, summary: String? = nil,
        revision: String? = nil
    ) {
        self.manufacturer = manufacturer
        self.title = title
        self.platform = platform
        self.releaseDate = releaseDate
        self.systemRequirements = systemRequirements
        self.barcode = barcode
        self.catalogID = catalogID
        self.kind = kind
        self.publisher = publisher
        self.developer = developer
        self.creator = creator
        self.genre = genre
        self.mediaFormat = mediaFormat
        self.productVersion = productVersion
        self.summary = summary
        self.revision = revision
    }

    private enum CodingKeys: String, CodingKey {
        case manufacturer, title, platform, releaseDate, systemRequirements, barcode, catalogID, kind, publisher
        case developer, creator, genre, mediaFormat, productVersion, summary, revision
    }

    /// Reads a record field by field.
    init(json object: [String: JSONValue]) {
        var reader = LenientObjectReader(object)
        manufacturer = reader.text(CodingKeys.manufacturer.rawValue)
        title = reader.text(CodingKeys.title.rawValue)
        platform = reader.text(CodingKeys.platform.rawValue)
        releaseDate = reader.text(CodingKeys.releaseDate.rawValue)
        if let requirements = reader.object(CodingKeys.systemRequirements.rawValue) {
            systemRequirements = CollectibleRequirements(json: requirements, prefix: "systemRequirements.")
        }
        barcode = reader.text(CodingKeys.barcode.rawValue)
        catalogID = reader.text(CodingKeys.catalogID.rawValue)
        kind = reader.text(CodingKeys.kind.rawValue)
        publisher = reader.text(CodingKeys.publisher.rawValue)
        developer = reader.text(CodingKeys.developer.rawValue)
        creator = reader.text(CodingKeys.creator.rawValue)
        genre = reader.text(CodingKeys.genre.rawValue)
        mediaFormat = reader.text(CodingKeys.mediaFormat.rawValue)
        productVersion = reader.text(CodingKeys.productVersion.rawValue)
        summary = reader.text(CodingKeys.summary.rawValue)
        revision = reader.text(CodingKeys.revision.rawValue)
        decodingWarnings = reader.warnings + (systemRequirements?.decodingWarnings ?? [])
    }

    /// Decodes tolerantly.
    ///
    /// - Throws: `DecodingError` only when the input is not a JSON object.
    public init(from decoder: any Decoder) throws {
        guard let object = try JSONValue(from: decoder).objectValue else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a collectible record must be an object"))
        }
        self.init(json: object)
    }

    /// Decodes a record from JSON bytes, tolerantly.
    ///
    /// - Throws: ``ImportRejection/unparseable(reason:)`` when the bytes are not JSON,
    ///   ``ImportRejection/unexpectedShape(_:)`` when they are not an object.
    public init(jsonData: Data) throws(ImportRejection) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(jsonData)
        } catch {
            throw .unparseable(reason: error.description)
        }
        guard let object = value.objectValue else { throw .unexpectedShape("\(value.kindDescription), not a JSON object") }
        self.init(json: object)
    }

    /// Encodes the values that are present.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(manufacturer, forKey: .manufacturer)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(platform, forKey: .platform)
        try container.encodeIfPresent(releaseDate, forKey: .releaseDate)
        try container.encodeIfPresent(systemRequirements, forKey: .systemRequirements)
        try container.encodeIfPresent(barcode, forKey: .barcode)
        try container.encodeIfPresent(catalogID, forKey: .catalogID)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(publisher, forKey: .publisher)
        try container.encodeIfPresent(developer, forKey: .developer)
        try container.encodeIfPresent(creator, forKey: .creator)
        try container.encodeIfPresent(genre, forKey: .genre)
        try container.encodeIfPresent(mediaFormat, forKey: .mediaFormat)
        try container.encodeIfPresent(productVersion, forKey: .productVersion)
        try container.encodeIfPresent(summary, forKey: .summary)
        try container.encodeIfPresent(revision, forKey: .revision)
    }
}
