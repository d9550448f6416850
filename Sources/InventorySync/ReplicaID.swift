import Foundation

/// The identity of one replica (a device or an installation) in sync, the final tiebreak of last-write-wins.
public struct ReplicaID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The replica's name.
    public let rawValue: String

    /// Creates a replica id; empty or blank names are replaced by `"unknown"` so ordering stays total.
    public init(rawValue: String) {
        // Fast path for the usual name with no white space at either end (decoded for every sync record).
        if let first = rawValue.unicodeScalars.first, let last = rawValue.unicodeScalars.last,
            !first.properties.isWhitespace, !last.properties.isWhitespace
        {
            self.rawValue = rawValue
            return
        }
        let trimmed = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
        self.rawValue = trimmed.isEmpty ? "unknown" : trimmed
    }

    /// Creates a replica id.
    public init(_ name: String) { self.init(rawValue: name) }

    /// Creates a replica id from a literal: `replicaID: "phone"`.
    public init(stringLiteral name: String) { self.init(rawValue: name) }

    /// A new random replica id, for a fresh installation (persist it).
    public static func random() -> ReplicaID { ReplicaID(UUID().uuidString.lowercased()) }

    /// Orders replica ids by their UTF-8 bytes, identically on every platform.
    public static func < (lhs: ReplicaID, rhs: ReplicaID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// The replica's name.
    public var description: String { rawValue }
}
