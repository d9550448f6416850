import Foundation
import Hummingbird
import NIOCore
import SyncWire

extension ChangesResponse: @retroactive ResponseGenerator where Payload == JSONFragment {
    /// The response's HTTP form, written directly: each payload's stored text put in as it is (parsing and
    /// encoding it again would cost a page its time, and a number could lose digits on the way), the other
    /// members as `JSONEncoder` with Hummingbird's ISO 8601 dates writes them.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        bodyBytes().jsonResponse()
    }

    /// The response's body.
    package func bodyBytes() -> ByteBuffer {
        var body = ByteBuffer()
        body.reserveCapacity(changes.reduce(64) { $0 + $1.payload.text.utf8.count + 160 })
        body.writeStaticString(#"{"changes":["#)
        for (index, change) in changes.enumerated() {
            if index > 0 { body.writeStaticString(",") }
            body.writeStaticString(#"{"seq":"#)
            body.writeString(change.seq.description)
            body.writeStaticString(#","opId":"#)
            body.writeJSONString(change.opId)
            body.writeStaticString(#","kind":"#)
            body.writeJSONString(change.kind.rawValue)
            body.writeStaticString(#","entityId":"#)
            body.writeJSONString(change.entityId)
            body.writeStaticString(#","payload":"#)
            body.writeJSONFragment(change.payload)
            body.writeStaticString(#","createdAt":"#)
            body.writeJSONString(change.createdAt.formatted(Self.createdAtStyle))
            body.writeStaticString("}")
        }
        body.writeStaticString(#"],"cursor":"#)
        body.writeString(cursor.description)
        body.writeStaticString(#","hasMore":"#)
        body.writeStaticString(hasMore ? "true" : "false")
        body.writeStaticString("}")
        return body
    }

    /// `2026-11-26T15:04:05Z`: what `JSONEncoder`'s `.iso8601` strategy writes.
    private static let createdAtStyle = Date.ISO8601FormatStyle()
}
