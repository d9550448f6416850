import Crypto
import Foundation

/// A device's secret: 32 random bytes, base64url without padding.
///
/// A fresh token never begins with `-`, so it can follow an option on any command line (`pantry sync --token
/// TOKEN`); argument parsers read a value that begins with `-` as another option. Tokens issued before that
/// rule, which may begin with `-`, stay valid.
///
/// The server keeps only ``hash`` (SHA-256 of the token text) and finds a device by looking that hash up, so a
/// leaked database reveals no usable token and no comparison of secrets happens in Swift.
package struct BearerToken: Sendable, Hashable {
    /// The token text, shown to the operator once when the device is added.
    package let rawValue: String

    /// Wraps token text received from a client.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a fresh token from 32 bytes of `generator`.
    ///
    /// `SystemRandomNumberGenerator` is cryptographically secure on every platform Swift supports; tests may
    /// pass a seeded generator.
    /// A draw whose text would begin with `-` is drawn again (about one in 64), which keeps every other
    /// token equally likely.
    package static func generate(using generator: inout some RandomNumberGenerator) -> BearerToken {
        var bytes = [UInt8](repeating: 0, count: 32)
        while true {
            for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
            let text = Self.base64URL(bytes)
            if !text.hasPrefix("-") { return BearerToken(rawValue: text) }
        }
    }

    /// Creates a fresh token from the system's secure generator.
    package static func generate() -> BearerToken {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }

    /// SHA-256 of the token's UTF-8 text: the only form the server stores.
    package var hash: [UInt8] { Array(SHA256.hash(data: Data(rawValue.utf8))) }

    /// Whether the text has the shape of a token (43 base64url characters); checked before any lookup.
    package var isWellFormed: Bool {
        rawValue.utf8.count == 43 && rawValue.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
