import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension PushResponse {
    /// The response's HTTP form: the JSON `JSONEncoder` would write for it, written directly when no result
    /// carries a ``Result/current`` state (a push of 10 000 operations answers 10 000 results, and the encoder's
    /// intermediate tree per result costs more than the bytes), and by `JSONEncoder` otherwise.
    /// - Throws: `EncodingError` from the encoder.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        guard results.allSatisfy({ $0.current == nil }) else {
            return try context.responseEncoder.encode(self, from: request, context: context)
        }
        var body = ByteBuffer()
        body.reserveCapacity(results.count * 72 + 16)
        body.writeStaticString(#"{"results":["#)
        for (index, result) in results.enumerated() {
            if index > 0 { body.writeStaticString(",") }
            // The members in the order the synthesized encoding writes them, absent ones left out.
            body.writeStaticString(#"{"opId":"#)
            Self.writeString(result.opId, to: &body)
            body.writeStaticString(#","status":"#)
            Self.writeString(result.status.rawValue, to: &body)
            if let code = result.code {
                body.writeStaticString(#","code":"#)
                Self.writeString(code, to: &body)
            }
            if let message = result.message {
                body.writeStaticString(#","message":"#)
                Self.writeString(message, to: &body)
            }
            if let seq = result.seq {
                body.writeStaticString(#","seq":"#)
                body.writeString(seq.description)
            }
            body.writeStaticString("}")
        }
        body.writeStaticString("]}")
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = body.readableBytes.description
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes a JSON string as `JSONEncoder` does: `"`, `\` and `/` escaped, the short escapes for backspace,
    /// form feed, newline, carriage return and tab, `\u00xx` for the other control characters, the rest as is.
    private static func writeString(_ string: String, to body: inout ByteBuffer) {
        body.writeStaticString("\"")
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): body.writeStaticString(#"\""#)
            case UInt8(ascii: "\\"): body.writeStaticString(#"\\"#)
            case UInt8(ascii: "/"): body.writeStaticString(#"\/"#)
            case 0x08: body.writeStaticString(#"\b"#)
            case 0x0C: body.writeStaticString(#"\f"#)
            case UInt8(ascii: "\n"): body.writeStaticString(#"\n"#)
            case UInt8(ascii: "\r"): body.writeStaticString(#"\r"#)
            case UInt8(ascii: "\t"): body.writeStaticString(#"\t"#)
            case ..<0x20:
                body.writeStaticString(#"\u00"#)
                body.writeInteger(hexDigits[Int(byte >> 4)])
                body.writeInteger(hexDigits[Int(byte & 0x0F)])
            default: body.writeInteger(byte)
            }
        }
        body.writeStaticString("\"")
    }
}
