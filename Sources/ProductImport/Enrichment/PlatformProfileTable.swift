import Foundation

/// Platform profiles by name, as data a client can extend or replace.
public struct PlatformProfileTable: Hashable, Sendable, Codable {
    /// The profiles; a later profile wins for a name listed twice.
    public var profiles: [PlatformProfile]

    /// Creates a table.
    public init(profiles: [PlatformProfile] = []) {
        self.profiles = profiles
    }

    /// The profile of a platform name, or `nil`.
    public func profile(for platform: String) -> PlatformProfile? {
        let key = Self.key(platform)
        return profiles.last { $0.names.contains { Self.key($0) == key } }
    }

    /// Letters, digits and brackets, case folded: `"Commodore-64"` and `"commodore 64"` are `"commodore64"`,
    /// `"Apple ]["` is `"apple]["`.
    static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "]" || $0 == "[" }.map(Character.init))
    }
}
