import Foundation

/// A 128-bit digest of a record's bytes for ``ProductProvider/sourceFingerprint(of:)``: two 64-bit lanes over
/// 8-byte words, finished with MurmurHash3's `fmix64`. Stable across processes and platforms (little-endian
/// words) and one pass over the bytes; not a cryptographic hash — it tells records apart, it does not resist
/// forgery.
///
/// ```swift
/// var digest = SourceFingerprinter(seed: "openfoodfacts")
/// digest.combine(recordBytes)
/// let fingerprint = digest.fingerprint   // 32 lowercase hex digits
/// ```
public struct SourceFingerprinter: Sendable {
    private var first: UInt64
    private var second: UInt64
    private var length: UInt64 = 0

    /// Creates a digest seeded with a text (the provider and its settings).
    public init(seed: String = "") {
        first = 0x9E37_79B9_7F4A_7C15
        second = 0xC2B2_AE3D_27D4_EB4F
        combine(Data(seed.utf8))
    }

    /// Adds bytes.
    public mutating func combine(_ bytes: some DataProtocol) {
        for region in bytes.regions {
            region.withUnsafeBytes { combine(raw: $0) }
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        mix(0xFF ^ length)
    }

    /// Adds a text's UTF-8 bytes.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(raw: UnsafeRawBufferPointer($0)) }
        mix(0xFF ^ length)
    }

    /// The digest as 32 lowercase hexadecimal digits.
    public var fingerprint: String {
        let low = Self.fmix(first ^ length)
        let high = Self.fmix(second ^ (length &* 0x9E37_79B9_7F4A_7C15) ^ low)
        return Self.hex(high) + Self.hex(low)
    }

    private mutating func combine(raw buffer: UnsafeRawBufferPointer) {
        var offset = 0
        let count = buffer.count
        while offset + 8 <= count {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            mix(word)
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            for index in offset..<count { tail |= UInt64(buffer[index]) << (8 * UInt64(index - offset)) }
            mix(tail ^ (UInt64(count - offset) << 56))
        }
        length &+= UInt64(count)
    }

    private mutating func mix(_ word: UInt64) {
        first = (first ^ word) &* 0x87C3_7B91_1142_53D5
        first = (first << 31) | (first >> 33)
        second = (second ^ (word &* 0x4CF5_AD43_2745_937F)) &* 0x9E37_79B9_7F4A_7C15
        second = (second << 27) | (second >> 37)
    }

    private static func fmix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k &*= 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k &*= 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return k
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
