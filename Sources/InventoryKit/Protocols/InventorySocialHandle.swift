import Foundation

/// A handle on a social media platform, such as `@woz` on Mastodon.
public struct InventorySocialHandle: Hashable, Sendable, Codable {
    /// The platform's name, such as `"mastodon"`, `"github"` or `"x"`.
    public var platform: String
    /// The handle or profile URL on that platform.
    public var handle: String

    /// Creates a handle.
    public init(platform: String, handle: String) {
        self.platform = platform
        self.handle = handle
    }
}
