import Foundation
import HTTPTypes

/// The id every log line of a request carries and its response returns in `X-Request-ID`.
///
/// A client's or proxy's `X-Request-ID` is kept when it is 1–128 characters of `[A-Za-z0-9._:-]`; anything else
/// (a newline, quotes, a longer value) is replaced by a fresh id, so a hostile header never reaches a log line.
package struct RequestID: Sendable, Hashable, CustomStringConvertible {
    /// The id's text.
    package let rawValue: String

    /// The request header and response header the id travels in.
    package static let headerName = HTTPField.Name("X-Request-ID")!

    /// The id a client sent, when it is acceptable; `nil` otherwise.
    package init?(accepting header: String?) {
        guard let header, (1...128).contains(header.utf8.count),
            header.utf8.allSatisfy(Self.isAllowed)
        else { return nil }
        rawValue = header
    }

    /// A fresh id (a random UUID, lowercased).
    package static func generate() -> RequestID {
        RequestID(generated: UUID().uuidString.lowercased())
    }

    private init(generated: String) {
        rawValue = generated
    }

    /// The id's text.
    package var description: String { rawValue }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
