import Foundation

/// UUID text without Foundation's formatted I/O: `UUID(uuidString:)` and `uuidString` go through `sscanf` and
/// `snprintf` on Linux, which a journal pays several times per entry on every read, write and sort.
///
/// Every answer is Foundation's: ``parse(_:)`` reads the canonical 36-character form itself and hands any other
/// text to `UUID(uuidString:)`; ``uppercase(_:)`` and ``lowercase(_:)`` write what `uuidString` and
/// `uuidString.lowercased()` write; ``precedes(_:_:)`` orders as `uuidString`'s text does.
package enum UUIDText {
    /// The UUID in `text`, as `UUID(uuidString:)` reads it.
    package static func parse(_ text: String) -> UUID? {
        var text = text
        let fast: UUID? = text.withUTF8 { bytes in bytes.count == 36 ? canonical(bytes) : nil }
        return fast ?? UUID(uuidString: text)
    }

    /// The uppercase text of `uuid`, as `uuid.uuidString` writes it.
    package static func uppercase(_ uuid: UUID) -> String {
        format(uuid, digits: upperDigits)
    }

    /// The lowercase text of `uuid`, as `uuid.uuidString.lowercased()` writes it.
    package static func lowercase(_ uuid: UUID) -> String {
        format(uuid, digits: lowerDigits)
    }

    /// Whether `lhs`'s text sorts before `rhs`'s: the order of their bytes, which is the order of their hex digits
    /// (`0`–`9` sort before `A`–`F` and before `a`–`f`, and the dashes stand at the same places).
    package static func precedes(_ lhs: UUID, _ rhs: UUID) -> Bool {
        let (a, b) = (halves(lhs), halves(rhs))
        return a.high != b.high ? a.high < b.high : a.low < b.low
    }

    /// The UUID's 16 bytes as two big-endian numbers: their order is the bytes' order.
    private static func halves(_ uuid: UUID) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: uuid.uuid) { raw in
            (UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
             UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }

    // MARK: - Reading

    /// Reads `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in any letter case; `nil` for anything else.
    private static func canonical(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        var value: [UInt8] = []
        value.reserveCapacity(16)
        var index = 0
        while index < 36 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard bytes[index] == UInt8(ascii: "-") else { return nil }
                index += 1
                continue
            }
            guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return nil }
            value.append(high << 4 | low)
            index += 2
        }
        return UUID(
            uuid: (
                value[0], value[1], value[2], value[3], value[4], value[5], value[6], value[7], value[8], value[9],
                value[10], value[11], value[12], value[13], value[14], value[15]
            ))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Writing

    private static let upperDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
    private static let lowerDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func format(_ uuid: UUID, digits: [UInt8]) -> String {
        withUnsafeBytes(of: uuid.uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var position = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = digits[Int(byte >> 4)]
                    buffer[position + 1] = digits[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }
}
