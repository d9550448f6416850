import Foundation

/// The name of a data provider — Open Food Facts, a CSV feed, a person — as recorded in provenance.
///
/// Ids are short, stable strings (at most `maximumLength` characters, trimmed). A few are predefined; name your
/// own feeds after their source (`"acme-wholesale"`), so provenance says which feed set which field.
///
/// ```swift
/// let feed: ProviderID = "acme-wholesale"
/// ProviderID.openFoodFacts.rawValue   // "openfoodfacts"
/// ```
public struct ProviderID: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The longest id kept, in characters; longer ones are cut.
    public static let maximumLength = 64

    /// The id's text.
    public let rawValue: String

    /// Creates an id: trimmed and cut to `maximumLength` characters; an empty text becomes `unknown`.
    public init(_ raw: String) {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        rawValue = trimmed.isEmpty ? "unknown" : String(trimmed.prefix(Self.maximumLength))
    }

    /// Creates an id like `init(_:)`; never `nil`.
    public init(rawValue: String) {
        self.init(rawValue)
    }

    /// Creates an id from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A person, editing by hand. Fields set by the user are never overwritten by an import or an enrichment.
    public static let user: ProviderID = "user"
    /// Open Food Facts (`world.openfoodfacts.org`).
    public static let openFoodFacts: ProviderID = "openfoodfacts"
    /// A generic CSV product feed (name your own feeds to tell them apart).
    public static let csvFeed: ProviderID = "csv"
    /// A collectibles and software catalogue.
    public static let collectibles: ProviderID = "collectibles"
    /// A provider nobody recorded: data that existed before provenance was kept.
    public static let unknown: ProviderID = "unknown"

    /// Whether this is `user`.
    public var isUser: Bool { self == .user }

    /// The id's text.
    public var description: String { rawValue }

    /// Orders ids by their text.
    public static func < (lhs: ProviderID, rhs: ProviderID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Decodes an id from a string.
    ///
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the id as a string.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
