import Testing

@testable import InventoryKit

/// A message and its SHA-1 digest as computed by Python's `hashlib.sha1`.
private struct SHA1TestVector: Sendable, CustomTestStringConvertible {
    let label: String
    let message: [UInt8]
    let digest: String

    var testDescription: String { label }

    init(_ label: String, _ message: [UInt8], _ digest: String) {
        self.label = label
        self.message = message
        self.digest = digest
    }

    /// `count` bytes of "a".
    static func letterA(count: Int, _ digest: String) -> SHA1TestVector {
        SHA1TestVector("\(count) × \"a\"", Array(repeating: UInt8(ascii: "a"), count: count), digest)
    }

    /// `count` bytes of the pattern (7i + 3) mod 256, which covers every byte value.
    static func pattern(count: Int, _ digest: String) -> SHA1TestVector {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        return SHA1TestVector("\(count) pattern bytes", bytes, digest)
    }
}

/// Lowercase hexadecimal digits of `bytes`.
private func hexString(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
}

@Suite("SHA-1 (FIPS 180-4)")
struct SHA1Tests {
    private static let referenceVectors: [SHA1TestVector] = [
        SHA1TestVector("empty message", [], "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        SHA1TestVector("\"abc\"", Array("abc".utf8), "a9993e364706816aba3e25717850c26c9cd0d89d"),
        SHA1TestVector(
            "FIPS 448-bit message",
            Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        ),
    ]

    /// Lengths around the padding boundaries: 55 is the longest message that pads into one block, 56…63 need a
    /// second block for the length, 64 fills a block exactly, 119/120 and 128 do the same one block later.
    private static let boundaryVectors: [SHA1TestVector] = [
        .letterA(count: 55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
        .letterA(count: 56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
        .letterA(count: 63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
        .letterA(count: 64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
        .letterA(count: 65, "11655326c708d70319be2610e8a57d9a5b959d3b"),
        .letterA(count: 119, "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"),
        .letterA(count: 120, "f34c1488385346a55709ba056ddd08280dd4c6d6"),
        .letterA(count: 128, "ad5b3fdbcb526778c2839d2f151ea753995e26a0"),
        .pattern(count: 55, "ddf57317ef34bfee3b6df83d359098930eb278bc"),
        .pattern(count: 56, "a0d492bb0fc889d0eca3bc137066ab6f4f74f369"),
        .pattern(count: 63, "c55856749bef509bdfe6bfebfc7bf4e793e82132"),
        .pattern(count: 64, "bede92be29c3874e1b54ddc77988d606fc857a8e"),
        .pattern(count: 65, "b05a80522b053d6dc7e0a517d0e70212c7dad11f"),
        .pattern(count: 119, "504e27376a6e0f0dba8295b85cb25dc4dfa17d23"),
        .pattern(count: 120, "82134b02fb3f702491be9bed581eeab59334acb2"),
        .pattern(count: 128, "a09133e6730ffe899efb70204cb5646cd5dc24ee"),
    ]

    @Test("hashes the FIPS and NIST reference messages to their known digests", arguments: referenceVectors)
    private func referenceDigests(_ vector: SHA1TestVector) {
        #expect(hexString(SHA1.hash(vector.message)) == vector.digest)
    }

    @Test("pads messages at every block boundary correctly", arguments: boundaryVectors)
    private func boundaryDigests(_ vector: SHA1TestVector) {
        #expect(hexString(SHA1.hash(vector.message)) == vector.digest)
    }

    @Test("hashes one million \"a\" bytes to the FIPS digest")
    func oneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(hexString(SHA1.hash(message)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test(
        "gives the one-shot digest however the message is split into updates",
        arguments: [1, 2, 3, 7, 16, 55, 63, 64, 65, 127, 128, 1000]
    )
    func streamingMatchesOneShot(chunkSize: Int) {
        let message = (0..<1_500).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 11) }
        var hasher = SHA1()
        var start = 0
        while start < message.count {
            let end = min(start + chunkSize, message.count)
            message[start..<end].withUnsafeBytes { hasher.update($0) }
            start = end
        }
        #expect(hasher.finalize().bytes == SHA1.hash(message))
    }

    @Test("hashes a non-contiguous sequence like the same bytes in an array")
    func nonContiguousSequence() {
        let lazyBytes = (0..<300).lazy.map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        #expect(SHA1.hash(lazyBytes) == SHA1.hash(Array(lazyBytes)))
        let first128 = lazyBytes.prefix(128)
        #expect(hexString(SHA1.hash(first128)) == "a09133e6730ffe899efb70204cb5646cd5dc24ee")
    }

    @Test("ignores empty updates, including ones without a base address")
    func emptyUpdates() {
        var hasher = SHA1()
        hasher.update(UnsafeRawBufferPointer(start: nil, count: 0))
        Array("ab".utf8).withUnsafeBytes { hasher.update($0) }
        [UInt8]().withUnsafeBytes { hasher.update($0) }
        Array("c".utf8).withUnsafeBytes { hasher.update($0) }
        #expect(hasher.finalize().description == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test("resets after finalize so the same hasher can hash a new message")
    func finalizeResets() {
        var hasher = SHA1()
        Array("abc".utf8).withUnsafeBytes { hasher.update($0) }
        _ = hasher.finalize()
        #expect(hasher.finalize().description == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    @Test("exposes the digest as 20 bytes whose hex form is its description")
    func digestForms() {
        var hasher = SHA1()
        Array("abc".utf8).withUnsafeBytes { hasher.update($0) }
        let digest = hasher.finalize()
        #expect(digest.bytes.count == SHA1.digestByteCount)
        #expect(hexString(digest.bytes) == digest.description)
        #expect(digest.h0 == 0xA999_3E36)
        #expect(digest.h4 == 0x9CD0_D89D)
    }
}
