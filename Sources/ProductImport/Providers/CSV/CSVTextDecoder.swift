/// Decodes a feed's bytes to Unicode scalars piece by piece, in the encoding their byte order mark names: UTF-8
/// (`EF BB BF`), UTF-16 LE (`FF FE`) or UTF-16 BE (`FE FF`); bytes without a mark are UTF-8. The mark is not part
/// of the text. A sequence cut by the end of a piece waits for the next one, so decoding in pieces gives what
/// decoding the whole gives.
///
/// Strict, it throws ``CSVReadError/undecodableText(encoding:byteOffset:)`` at the first byte that is not valid
/// text; lenient, it puts U+FFFD for each invalid sequence.
struct CSVTextDecoder: Sendable {
    private enum Encoding: Sendable {
        case utf8, utf16(bigEndian: Bool)
    }

    /// The byte order marks: UTF-8, UTF-16 LE, UTF-16 BE.
    private static let marks: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]]

    /// Whether invalid bytes throw rather than become U+FFFD.
    let strict: Bool
    private var encoding: Encoding?
    /// Bytes of the last piece not decoded yet: an unfinished sequence, or a mark not recognised yet.
    private var pending: [UInt8] = []
    /// The position in the whole input of `pending`'s first byte.
    private var offset = 0

    /// Creates a decoder for one input.
    init(strict: Bool) {
        self.strict = strict
    }

    /// The name of the encoding, once the first bytes have named it.
    var encodingName: String {
        switch encoding {
        case .utf16(let bigEndian): bigEndian ? "UTF-16BE" : "UTF-16LE"
        case .utf8, nil: "UTF-8"
        }
    }

    /// Decodes the next piece of the input, appending its scalars; `isLast` says no piece follows.
    ///
    /// - Throws: ``CSVReadError/undecodableText(encoding:byteOffset:)`` (strict only).
    mutating func decode(_ bytes: some Collection<UInt8>, into scalars: inout [Unicode.Scalar], isLast: Bool) throws(CSVReadError) {
        pending.append(contentsOf: bytes)
        if encoding == nil {
            let head = pending.prefix(3)
            if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
                encoding = .utf16(bigEndian: head.first == 0xFE)
                consume(2)
            } else if head.elementsEqual([0xEF, 0xBB, 0xBF]) {
                encoding = .utf8
                consume(3)
            } else if !isLast, head.count < 3, Self.marks.contains(where: { $0.starts(with: head) }) {
                return
            } else {
                encoding = .utf8
            }
        }
        switch encoding {
        case .utf16(let bigEndian): try decodeUTF16(bigEndian: bigEndian, into: &scalars, isLast: isLast)
        case .utf8, nil: try decodeUTF8(into: &scalars, isLast: isLast)
        }
    }

    private mutating func consume(_ count: Int) {
        pending.removeFirst(count)
        offset += count
    }

    private mutating func decodeUTF8(into scalars: inout [Unicode.Scalar], isLast: Bool) throws(CSVReadError) {
        var cut = pending.count
        if !isLast, let lead = pending.indices.suffix(4).last(where: { pending[$0] & 0xC0 != 0x80 }) {
            let byte = pending[lead]
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if pending.count - lead < length { cut = lead }
        }
        try transcode(pending[..<cut], with: UTF8.self, into: &scalars, bytes: { UTF8.width($0) })
        consume(cut)
    }

    private mutating func decodeUTF16(bigEndian: Bool, into scalars: inout [Unicode.Scalar], isLast: Bool) throws(CSVReadError) {
        var units: [UInt16] = []
        units.reserveCapacity(pending.count / 2)
        var position = 0
        while position + 1 < pending.count {
            let high = UInt16(pending[bigEndian ? position : position + 1])
            let low = UInt16(pending[bigEndian ? position + 1 : position])
            units.append(high << 8 | low)
            position += 2
        }
        if !isLast, let last = units.last, UTF16.isLeadSurrogate(last) {
            units.removeLast()
            position -= 2
        }
        try transcode(units, with: UTF16.self, into: &scalars, bytes: { 2 * UTF16.width($0) })
        consume(position)
        if isLast, !pending.isEmpty {
            if strict { throw .undecodableText(encoding: encodingName, byteOffset: offset) }
            scalars.append("\u{FFFD}")
            consume(pending.count)
        }
    }

    /// Decodes code units that start at byte `offset`, appending their scalars; `bytes` is a scalar's size in the
    /// input. Strict, it throws at the first invalid sequence, naming its byte position; lenient, it puts U+FFFD.
    private func transcode<Codec: UnicodeCodec>(
        _ units: some Sequence<Codec.CodeUnit>, with codec: Codec.Type, into scalars: inout [Unicode.Scalar],
        bytes: (Unicode.Scalar) -> Int
    ) throws(CSVReadError) {
        var iterator = units.makeIterator()
        var decoder = codec.init()
        var position = offset
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                position += bytes(scalar)
            case .emptyInput:
                return
            case .error:
                // Lenient decoding never reads `position` again, so it need not count the invalid units.
                if strict { throw .undecodableText(encoding: encodingName, byteOffset: position) }
                scalars.append("\u{FFFD}")
            }
        }
    }
}
