import Foundation

/// The name of a collection of records within a metadata store, such as `"products"` or `"outbox"`.
///
/// Names are 1–64 characters of ASCII letters, digits, `_`, `-` and `.`, and start with a letter, so adapters
/// can use them as table or folder names as they are.
public struct RecordCollection: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible, ExpressibleByStringLiteral
{
    /// The collection's name.
    public let rawValue: String

    /// Creates a validated collection name.
    ///
    /// - Throws: ``StorageError/invalidCollectionName(_:reason:)`` when the name is not 1–64 characters of
    ///   letters, digits, `_`, `-` or `.` starting with a letter.
    public init(_ name: String) throws(StorageError) {
        if let reason = Self.problem(with: name) { throw .invalidCollectionName(String(name.prefix(80)), reason: reason) }
        rawValue = name
    }

    /// Creates a validated collection name, or `nil` when it is invalid.
    public init?(rawValue: String) {
        guard Self.problem(with: rawValue) == nil else { return nil }
        self.rawValue = rawValue
    }

    /// Creates a collection name from a literal written in code.
    ///
    /// A literal is the programmer's constant, not input, so an invalid one (`"../../etc"`, `""`) is a programming
    /// error that stops the program where the literal is written, with the rule it breaks — never a name that some
    /// store accepts. Names that come from input go through ``init(_:)``, which throws.
    public init(stringLiteral value: String) {
        if let reason = Self.problem(with: value) {
            preconditionFailure("invalid RecordCollection literal \"\(value.prefix(80))\": \(reason)")
        }
        rawValue = value
    }

    /// Whether the name satisfies the naming rules.
    public var isValid: Bool { Self.problem(with: rawValue) == nil }

    /// Throws when the name does not satisfy the naming rules; stores call this before any access.
    ///
    /// - Throws: ``StorageError/invalidCollectionName(_:reason:)``.
    public func validate() throws(StorageError) {
        if let reason = Self.problem(with: rawValue) {
            throw .invalidCollectionName(String(rawValue.prefix(80)), reason: reason)
        }
    }

    /// The collection's name.
    public var description: String { rawValue }

    /// Orders names alphabetically.
    public static func < (lhs: RecordCollection, rhs: RecordCollection) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes and validates a collection name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let problem = Self.problem(with: raw) else {
            rawValue = raw
            return
        }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid collection name: \(problem)")
    }

    /// Encodes the name as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private static func problem(with name: String) -> String? {
        guard !name.isEmpty else { return "the name is empty" }
        guard name.utf8.count <= 64 else { return "the name is longer than 64 characters" }
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else {
            return "the name must start with an ASCII letter"
        }
        for byte in name.utf8 {
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            let isMark = byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !(isLetter || isDigit || isMark) { return "the name may hold only letters, digits, '_', '-' and '.'" }
        }
        return nil
    }
}
