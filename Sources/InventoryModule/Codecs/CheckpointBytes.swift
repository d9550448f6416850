import Foundation

/// Appends the primitives of the binary checkpoint format (``InventoryCheckpointFormat``) to a byte buffer:
/// fixed-width little-endian integers, LEB128 varints, UUIDs as their 16 bytes, dates as the bits of their
/// reference-date interval, decimals as sign, exponent and 64-bit mantissa (their text when that does not fit), and
/// strings as a varint length and UTF-8.
struct CheckpointByteWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written so far.
    var count: Int { bytes.count }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func uint32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func uint64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Overwrites the four bytes at `offset` (a placeholder written earlier) with `value`.
    mutating func patchUInt32(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for index in 0..<4 { bytes[offset + index] = raw[index] }
        }
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func signedVarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func uuid(_ value: UUID) {
        withUnsafeBytes(of: value.uuid) { bytes.append(contentsOf: $0) }
    }

    mutating func date(_ value: Date) {
        uint64(value.timeIntervalSinceReferenceDate.bitPattern)
    }

    mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func append(_ raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw)
    }

    /// A decimal: tag 0 and sign, exponent and mantissa when its text is a plain number whose digits fit in 64
    /// bits (always, for the kit's amounts and prices); tag 1 and its text otherwise. Either form decodes to the
    /// value `Decimal(string: value.description)` has, as the JSON form of the state does.
    mutating func decimal(_ value: Decimal) {
        let text = value.description
        if let parts = CheckpointDecimalParts(text) {
            byte(0)
            byte(parts.isNegative ? 1 : 0)
            signedVarint(Int64(parts.exponent))
            varint(parts.mantissa)
        } else {
            byte(1)
            string(text)
        }
    }
}

/// Reads what a ``CheckpointByteWriter`` wrote, checking every length against the end of the bytes: a damaged
/// buffer throws ``CheckpointFormatError``, never reads out of bounds.
struct CheckpointByteReader {
    /// The bytes (shared, never copied by the reader).
    let base: UnsafeRawBufferPointer
    /// The next byte to read.
    var position: Int
    /// One past the last byte this reader may read.
    let end: Int

    init(_ base: UnsafeRawBufferPointer, from start: Int = 0, to end: Int? = nil) {
        self.base = base
        self.position = start
        self.end = end ?? base.count
    }

    var isAtEnd: Bool { position >= end }

    /// Moves past `count` bytes, returning where they start.
    mutating func skip(_ count: Int) throws(CheckpointFormatError) -> Int {
        guard count >= 0, count <= end - position else { throw .truncated }
        let start = position
        position += count
        return start
    }

    mutating func byte() throws(CheckpointFormatError) -> UInt8 {
        base[try skip(1)]
    }

    mutating func uint32() throws(CheckpointFormatError) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: try skip(4), as: UInt32.self))
    }

    mutating func uint64() throws(CheckpointFormatError) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: try skip(8), as: UInt64.self))
    }

    /// A 32-bit length or count, as an `Int`.
    mutating func length() throws(CheckpointFormatError) -> Int {
        Int(try uint32())
    }

    mutating func varint() throws(CheckpointFormatError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw .malformed("a varint longer than 64 bits") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    mutating func signedVarint() throws(CheckpointFormatError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// A varint that must fit an `Int` count of bytes still to come.
    mutating func count() throws(CheckpointFormatError) -> Int {
        let value = try varint()
        guard value <= UInt64(end - position) else { throw .truncated }
        return Int(value)
    }

    mutating func uuid() throws(CheckpointFormatError) -> UUID {
        let start = try skip(16)
        return UUID(uuid: base.loadUnaligned(fromByteOffset: start, as: uuid_t.self))
    }

    mutating func date() throws(CheckpointFormatError) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: try uint64()))
    }

    mutating func string() throws(CheckpointFormatError) -> String {
        let length = try count()
        let start = try skip(length)
        guard let text = String(validating: UnsafeRawBufferPointer(rebasing: base[start..<start + length]), as: UTF8.self)
        else { throw .malformed("a string that is not UTF-8") }
        return text
    }

    mutating func decimal() throws(CheckpointFormatError) -> Decimal {
        switch try byte() {
        case 0:
            let signByte = try byte()
            guard signByte <= 1 else { throw .malformed("a decimal sign") }
            let isNegative = signByte == 1
            let exponent = try signedVarint()
            let mantissa = try varint()
            guard let exponent = Int(exactly: exponent), abs(exponent) <= 256 else { throw .malformed("a decimal exponent") }
            let sign: FloatingPointSign = isNegative && mantissa != 0 ? .minus : .plus
            return Decimal(sign: sign, exponent: exponent, significand: Decimal(mantissa))
        case 1:
            let text = try string()
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw .malformed("a decimal text")
            }
            return value
        default:
            throw .malformed("a decimal tag")
        }
    }
}

/// A decimal's text split into sign, exponent and mantissa, when it is a plain number (`-12.5`, `0.001`, `3`)
/// whose digits fit in 64 bits.
struct CheckpointDecimalParts: Equatable {
    var isNegative: Bool
    var exponent: Int
    var mantissa: UInt64

    init?(_ text: String) {
        var utf8 = text.utf8[...]
        isNegative = utf8.first == UInt8(ascii: "-")
        if isNegative { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty else { return nil }
        var mantissa: UInt64 = 0
        var fractionDigits = 0
        var seenPoint = false
        var digits = 0
        for byte in utf8 {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            digits += 1
            guard digits <= 19 else { return nil }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            if seenPoint { fractionDigits += 1 }
        }
        guard digits > 0 else { return nil }
        self.mantissa = mantissa
        exponent = -fractionDigits
    }
}

/// Why binary checkpoint bytes could not be read.
enum CheckpointFormatError: Error, Equatable, CustomStringConvertible {
    /// A length or count points past the end of the bytes.
    case truncated
    /// The bytes hold something the format does not allow.
    case malformed(String)

    var description: String {
        switch self {
        case .truncated: "the checkpoint bytes end early"
        case .malformed(let what): "the checkpoint bytes hold \(what) that does not decode"
        }
    }
}
