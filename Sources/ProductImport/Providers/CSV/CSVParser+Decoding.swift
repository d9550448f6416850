import Foundation

extension CSVParser {
    /// The text of a feed's bytes, in the encoding their byte order mark names: UTF-8 (`EF BB BF`), UTF-16 LE
    /// (`FF FE`) or UTF-16 BE (`FE FF`); bytes without a mark are read as UTF-8. The mark is not part of the text.
    ///
    /// - Throws: ``CSVReadError/undecodableText(encoding:byteOffset:)`` at the first byte that is not valid text
    ///   in that encoding (a broken UTF-8 sequence, a lone UTF-16 surrogate, an odd trailing byte).
    public static func decode(_ data: Data) throws(CSVReadError) -> String {
        try text(of: [UInt8](data), strict: true)
    }

    /// The text of a feed's bytes as ``decode(_:)`` reads them, with U+FFFD for each invalid sequence.
    static func lenientText(_ data: Data) -> String {
        (try? text(of: [UInt8](data), strict: false)) ?? ""
    }

    private static func text(of bytes: [UInt8], strict: Bool) throws(CSVReadError) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes, bigEndian: false, strict: strict) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes, bigEndian: true, strict: strict) }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let body = bytes[start...]
        guard strict else { return String(decoding: body, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var iterator = body.makeIterator()
        var decoder = UTF8()
        var offset = start
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return String(scalars)
            case .error:
                throw .undecodableText(encoding: "UTF-8", byteOffset: offset)
            }
        }
    }

    private static func utf16(_ bytes: [UInt8], bigEndian: Bool, strict: Bool) throws(CSVReadError) -> String {
        let encoding = bigEndian ? "UTF-16BE" : "UTF-16LE"
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var position = 2
        while position + 1 < bytes.count {
            let high = UInt16(bytes[bigEndian ? position : position + 1])
            let low = UInt16(bytes[bigEndian ? position + 1 : position])
            units.append(high << 8 | low)
            position += 2
        }
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var offset = 2
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += 2 * UTF16.width(scalar)
            case .emptyInput:
                break decoding
            case .error:
                if strict { throw .undecodableText(encoding: encoding, byteOffset: offset) }
                scalars.append("\u{FFFD}")
                offset += 2
            }
        }
        if position < bytes.count {
            if strict { throw .undecodableText(encoding: encoding, byteOffset: position) }
            scalars.append("\u{FFFD}")
        }
        return String(scalars)
    }
}
