import Foundation

/// JSON text written by hand where the wire types put stored text into a body as it is.
enum JSONText {
    /// Appends `string` as a JSON string: quotes, backslash, slash and control characters escaped as `JSONEncoder`
    /// escapes them (`\"`, `\\`, `\/`, `\n`, `\r`, `\t`, `\b`, `\f`, `\u00XX`), every other character as it is.
    static func appendString(_ string: String, to data: inout Data) {
        data.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "/"): data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "/")])
            case 0x0A: data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                data.append(contentsOf: Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: data.append(byte)
            }
        }
        data.append(UInt8(ascii: "\""))
    }
}
