import Foundation

extension NamedEntityKind {
    /// The name of a ``NamedEntityKind`` as records store it, such as `category`.
    ///
    /// Encoded (`Codable`) as its string.
    public struct Name: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
        ExpressibleByStringLiteral
    {
        /// The name's text.
        public let rawValue: String

        /// Wraps a name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Wraps a name written in code: `let recipe: NamedEntityKind.Name = "recipe"`.
        public init(stringLiteral value: String) {
            rawValue = value
        }

        /// Decodes a name from a single string.
        ///
        /// - Throws: `DecodingError` when the value is not a string.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Encodes the name as a single string.
        ///
        /// - Throws: the encoder's `EncodingError`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// The name's text.
        public var description: String { rawValue }

        /// Orders names by their UTF-8 bytes.
        public static func < (lhs: Name, rhs: Name) -> Bool {
            lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
        }

        /// `category`.
        public static let category: Name = "category"
        /// `manufacturer`.
        public static let manufacturer: Name = "manufacturer"
        /// `storageLocation`.
        public static let storageLocation: Name = "storageLocation"
        /// `unit`.
        public static let unit: Name = "unit"
        /// `tag`.
        public static let tag: Name = "tag"
    }
}
