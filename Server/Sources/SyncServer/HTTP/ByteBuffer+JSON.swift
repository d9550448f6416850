import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SyncWire

/// Writing JSON by hand for the responses the server assembles itself (a push's results, a page of changes):
/// strings escaped as `JSONEncoder` escapes them, stored JSON text put in byte for byte.
extension ByteBuffer {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes a JSON string as `JSONEncoder` does: `"`, `\` and `/` escaped, the short escapes for backspace,
    /// form feed, newline, carriage return and tab, `\u00xx` for the other control characters, the rest as is.
    mutating func writeJSONString(_ string: String) {
        writeStaticString("\"")
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): writeStaticString(#"\""#)
            case UInt8(ascii: "\\"): writeStaticString(#"\\"#)
            case UInt8(ascii: "/"): writeStaticString(#"\/"#)
            case 0x08: writeStaticString(#"\b"#)
            case 0x0C: writeStaticString(#"\f"#)
            case UInt8(ascii: "\n"): writeStaticString(#"\n"#)
            case UInt8(ascii: "\r"): writeStaticString(#"\r"#)
            case UInt8(ascii: "\t"): writeStaticString(#"\t"#)
            case ..<0x20:
                writeStaticString(#"\u00"#)
                writeInteger(Self.hexDigits[Int(byte >> 4)])
                writeInteger(Self.hexDigits[Int(byte & 0x0F)])
            default: writeInteger(byte)
            }
        }
        writeStaticString("\"")
    }

    /// Writes stored JSON text as it is.
    mutating func writeJSONFragment(_ fragment: JSONFragment) {
        writeString(fragment.text)
    }

    /// A `200 OK` JSON response of these bytes.
    func jsonResponse(status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = readableBytes.description
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: self))
    }
}
