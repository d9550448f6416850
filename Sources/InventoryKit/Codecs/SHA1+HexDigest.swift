import Foundation

extension SHA1 {
    /// The SHA-1 digest of `data` as 40 lowercase hexadecimal digits.
    static func hexDigest(_ data: Data) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(40)
        for byte in hash(data) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
