import Foundation
import InventoryKit

/// Turns record ids into file names that can never escape their folder, and never collide on a case-insensitive
/// volume.
///
/// Lowercase letters, digits, `-` and `_` are kept; every other byte becomes `%XX` (uppercase hex) — so `/`, `.`
/// (and thus `..`), `\`, NUL and non-ASCII text can never form a path component, and uppercase letters are escaped
/// too (`Milk` is `%4Dilk`), so two ids that differ only in case get names that differ in more than case: macOS's
/// default volume, which compares names without case, keeps both files. Names longer than 200 characters become `~`
/// plus a 128-bit hash of the id (lowercase hex); the file itself stores the full id, so nothing is lost.
///
/// Stores written before uppercase letters were escaped (``legacyName(for:)``) are renamed when opened
/// (``FileNameMigration``).
enum FileNameEncoding {
    /// The file name (without extension) for an id.
    static func name(for id: RecordID) -> String {
        encode(id, keepingUppercase: false)
    }

    /// The name an earlier version gave the id: uppercase letters kept as they are.
    static func legacyName(for id: RecordID) -> String {
        encode(id, keepingUppercase: true)
    }

    private static func encode(_ id: RecordID, keepingUppercase: Bool) -> String {
        var name = ""
        name.reserveCapacity(id.rawValue.utf8.count)
        for byte in id.rawValue.utf8 {
            let isLetter = (keepingUppercase && (0x41...0x5A).contains(byte)) || (0x61...0x7A).contains(byte)
            let isDigit = (0x30...0x39).contains(byte)
            if isLetter || isDigit || byte == 0x2D || byte == 0x5F {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += String(format: "%%%02X", byte)
            }
        }
        guard name.utf8.count > 200 else { return name }
        return "~" + hash(id.rawValue)
    }

    /// The id a name (without extension) that ``name(for:)`` or ``legacyName(for:)`` wrote decodes to: `%XX`
    /// escapes decoded, other bytes kept; `nil` for a hashed name or one that decodes to no valid id.
    static func decodedID<Name: StringProtocol>(_ name: Name) -> RecordID? {
        guard !name.hasPrefix("~") else { return nil }
        var bytes: [UInt8] = []
        var iterator = name.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return RecordID(rawValue: String(decoding: bytes, as: UTF8.self))
    }

    /// Two independent 64-bit FNV-1a hashes, as 32 hexadecimal digits.
    private static func hash(_ text: String) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x84222325_CBF29CE4
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01B3
            second = (second ^ UInt64(byte ^ 0x5A)) &* 0x100_0000_01B3
        }
        return String(format: "%016llx%016llx", first, second)
    }
}
