import Foundation
import InventoryKit

/// Turns record ids into file names that can never escape their folder.
///
/// Letters, digits, `-` and `_` are kept; every other byte becomes `%XX` — so `/`, `.` (and thus `..`), `\`,
/// NUL and non-ASCII text can never form a path component. Names longer than 200 characters become `~` plus a
/// 128-bit hash of the id; the file itself stores the full id, so nothing is lost.
enum FileNameEncoding {
    /// The file name (without extension) for an id.
    static func name(for id: RecordID) -> String {
        var name = ""
        name.reserveCapacity(id.rawValue.utf8.count)
        for byte in id.rawValue.utf8 {
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
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
