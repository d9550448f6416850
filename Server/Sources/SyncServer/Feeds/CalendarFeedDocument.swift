import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A rendered calendar feed and its strong entity tag: the SHA-256 of its bytes.
///
/// Sent as `text/calendar; charset=utf-8` with `ETag`; a request whose `If-None-Match` names the tag (or `*`)
/// gets `304 Not Modified` with no body.
package struct CalendarFeedDocument: Sendable, Hashable {
    /// The iCalendar text (RFC 5545, CRLF line ends).
    package let text: String
    /// The strong entity tag, quoted: `"` + the lower-case hex SHA-256 of ``text``'s UTF-8 bytes + `"`.
    package let entityTag: String

    /// Wraps rendered text and computes its tag.
    package init(text: String) {
        self.text = text
        let digest = SHA256.hash(data: Data(text.utf8))
        self.entityTag = "\"" + digest.map { String(format: "%02x", $0) }.joined() + "\""
    }

    /// Whether an `If-None-Match` field value names this document: `*`, or a list of entity tags one of which has
    /// the same opaque tag (weak comparison, as RFC 9110 §13.1.2 asks for `If-None-Match`).
    package func isMatched(byIfNoneMatch value: String) -> Bool {
        if value.trimmingCharacters(in: .whitespaces) == "*" { return true }
        return Self.entityTags(in: value).contains(entityTag)
    }

    /// The response to a request with these `If-None-Match` field values: `304` without a body when one names
    /// this document, else `200` with the text.
    package func response(ifNoneMatch values: [String]) -> Response {
        var headers: HTTPFields = [.eTag: entityTag, .cacheControl: "private, no-cache"]
        if values.contains(where: isMatched(byIfNoneMatch:)) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "text/calendar; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The entity tags of a list, each quoted and without a `W/` prefix; a malformed rest of the list is ignored.
    static func entityTags(in value: String) -> [String] {
        var tags: [String] = []
        var rest = Substring(value)
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "," })
            if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
            guard rest.first == "\"" else { return tags }
            let body = rest.dropFirst()
            guard let close = body.firstIndex(of: "\"") else { return tags }
            tags.append("\"" + body[..<close] + "\"")
            rest = body[body.index(after: close)...]
        }
    }
}
