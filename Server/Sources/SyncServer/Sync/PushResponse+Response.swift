import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SyncWire

extension PushResponse: @retroactive ResponseGenerator {
    /// The response's HTTP form, written directly: the members in the order the synthesized encoding writes
    /// them, absent ones left out, and a conflict's ``PushResult/current`` state as the server stored it (a push of
    /// 10 000 operations answers 10 000 results, and an encoder's intermediate tree per result costs more than
    /// the bytes).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        bodyBytes().jsonResponse()
    }

    /// The response's body.
    package func bodyBytes() -> ByteBuffer {
        var body = ByteBuffer()
        body.reserveCapacity(results.count * 72 + 16)
        body.writeStaticString(#"{"results":["#)
        for (index, result) in results.enumerated() {
            if index > 0 { body.writeStaticString(",") }
            body.writeStaticString(#"{"opId":"#)
            body.writeJSONString(result.opId)
            body.writeStaticString(#","status":"#)
            body.writeJSONString(result.status.rawValue)
            if let code = result.code {
                body.writeStaticString(#","code":"#)
                body.writeJSONString(code)
            }
            if let message = result.message {
                body.writeStaticString(#","message":"#)
                body.writeJSONString(message)
            }
            if let seq = result.seq {
                body.writeStaticString(#","seq":"#)
                body.writeString(seq.description)
            }
            if let current = result.current {
                body.writeStaticString(#","current":"#)
                body.writeJSONFragment(current)
            }
            body.writeStaticString("}")
        }
        body.writeStaticString("]}")
        return body
    }
}
