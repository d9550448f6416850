// SHA-1 (FIPS 180-4, §6.1) in portable Swift, for name-based (version 5) UUIDs.
//
// SHA-1 is broken for collision resistance; the kit uses it only because RFC 9562 §5.5 fixes it for UUIDv5.
// Do not use it for anything security-related.

/// A streaming SHA-1 hasher (FIPS 180-4) with no dependencies beyond the standard library.
///
/// The hasher keeps its chaining state in five `UInt32` properties and a 64-byte pending block inline, so hashing
/// allocates nothing on the heap. Whole 64-byte blocks are compressed straight from the caller's buffer.
///
/// ```swift
/// var hasher = SHA1()
/// hasher.update(contentsOf: "ab".utf8)
/// hasher.update(contentsOf: "c".utf8)
/// let digest = hasher.finalize()  // a9993e364706816aba3e25717850c26c9cd0d89d
///
/// let bytes = SHA1.hash("abc".utf8)  // the same digest as 20 bytes
/// ```
///
/// - Important: SHA-1 is not collision resistant. The kit uses it only where RFC 9562 requires it (UUIDv5).
internal struct SHA1: Sendable {
    /// The size of a SHA-1 digest, in bytes.
    static let digestByteCount = 20

    /// The size of a SHA-1 message block, in bytes.
    static let blockByteCount = 64

    /// A 160-bit SHA-1 digest, kept as five big-endian words so that callers can use it without allocating.
    struct Digest: Hashable, Sendable, CustomStringConvertible {
        /// The digest's words, most significant first; byte `i` of the digest is byte `i % 4` (big-endian) of
        /// word `i / 4`.
        let h0: UInt32
        let h1: UInt32
        let h2: UInt32
        let h3: UInt32
        let h4: UInt32

        /// The 20 digest bytes, in order.
        var bytes: [UInt8] {
            var result: [UInt8] = []
            result.reserveCapacity(SHA1.digestByteCount)
            for word in [h0, h1, h2, h3, h4] {
                result.append(UInt8(truncatingIfNeeded: word >> 24))
                result.append(UInt8(truncatingIfNeeded: word >> 16))
                result.append(UInt8(truncatingIfNeeded: word >> 8))
                result.append(UInt8(truncatingIfNeeded: word))
            }
            return result
        }

        /// The digest as 40 lowercase hexadecimal digits.
        var description: String {
            let digits: [UInt8] = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(2 * SHA1.digestByteCount)
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// The five chaining words (H0…H4 in FIPS 180-4).
    private struct State {
        var a: UInt32 = 0x6745_2301
        var b: UInt32 = 0xEFCD_AB89
        var c: UInt32 = 0x98BA_DCFE
        var d: UInt32 = 0x1032_5476
        var e: UInt32 = 0xC3D2_E1F0
    }

    /// 64 bytes of inline storage for a partial block.
    private typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    private var state = State()
    private var block: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many bytes of `block` hold message bytes that have not been compressed yet (always < 64).
    private var pendingCount = 0
    /// The total message length so far, in bytes.
    private var messageByteCount: UInt64 = 0

    /// Creates a hasher for a new message.
    init() {}

    /// Hashes `bytes` in one call and returns the 20-byte digest.
    ///
    /// Contiguous collections are hashed in place; other sequences are fed through a small stack buffer.
    static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA1()
        hasher.update(contentsOf: bytes)
        return hasher.finalize().bytes
    }

    /// Feeds the bytes of `bytes` into the hash.
    mutating func update(contentsOf bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        guard handled == nil else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SHA1.blockByteCount) { chunk in
            var count = 0
            for byte in bytes {
                chunk[count] = byte
                count += 1
                if count == SHA1.blockByteCount {
                    update(UnsafeRawBufferPointer(chunk))
                    count = 0
                }
            }
            update(UnsafeRawBufferPointer(start: chunk.baseAddress, count: count))
        }
    }

    /// Feeds `bytes` into the hash.
    ///
    /// Whole blocks are compressed directly from `bytes`; only a trailing partial block is copied.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var input = bytes.baseAddress, !bytes.isEmpty else { return }
        var remaining = bytes.count
        messageByteCount &+= UInt64(truncatingIfNeeded: remaining)

        if pendingCount > 0 {
            let taken = Swift.min(SHA1.blockByteCount - pendingCount, remaining)
            let offset = pendingCount
            withUnsafeMutableBytes(of: &block) { blockBytes in
                (blockBytes.baseAddress.map { $0 + offset })?.copyMemory(from: input, byteCount: taken)
            }
            pendingCount += taken
            input += taken
            remaining -= taken
            guard pendingCount == SHA1.blockByteCount else { return }
            withUnsafeBytes(of: &block) { SHA1.compress(&state, blocks: $0) }
            pendingCount = 0
        }

        let wholeBlockBytes = remaining & ~(SHA1.blockByteCount - 1)
        if wholeBlockBytes > 0 {
            SHA1.compress(&state, blocks: UnsafeRawBufferPointer(start: input, count: wholeBlockBytes))
            input += wholeBlockBytes
            remaining -= wholeBlockBytes
        }

        if remaining > 0 {
            withUnsafeMutableBytes(of: &block) { blockBytes in
                blockBytes.baseAddress?.copyMemory(from: input, byteCount: remaining)
            }
            pendingCount = remaining
        }
    }

    /// Pads the message (FIPS 180-4 §5.1.1), compresses the last block(s) and returns the digest.
    ///
    /// The hasher is reset afterwards, so it can be reused for a new message.
    mutating func finalize() -> Digest {
        let bitLength = messageByteCount &<< 3
        let pending = pendingCount
        withUnsafeMutableBytes(of: &block) { blockBytes in
            blockBytes[pending] = 0x80
            UnsafeMutableRawBufferPointer(rebasing: blockBytes[(pending + 1)...])
                .initializeMemory(as: UInt8.self, repeating: 0)
        }
        if pending >= SHA1.blockByteCount - 8 {
            // No room for the 64-bit length: finish this block and pad a second one.
            withUnsafeBytes(of: &block) { SHA1.compress(&state, blocks: $0) }
            block = (0, 0, 0, 0, 0, 0, 0, 0)
        }
        block.7 = bitLength.bigEndian
        withUnsafeBytes(of: &block) { SHA1.compress(&state, blocks: $0) }

        let digest = Digest(h0: state.a, h1: state.b, h2: state.c, h3: state.d, h4: state.e)
        self = SHA1()
        return digest
    }

    // MARK: - Compression function (FIPS 180-4 §6.1.2)

    /// Compresses every 64-byte block of `blocks` into `state`; `blocks.count` must be a multiple of 64.
    ///
    /// The 80 rounds are unrolled and the message schedule W[t] is a rolling window of 16 local words, so the
    /// compiler can keep everything in registers or fixed stack slots. Instead of moving a…e after each round, the
    /// calls rotate the roles of the five variables.
    private static func compress(_ state: inout State, blocks: UnsafeRawBufferPointer) {
        guard let start = blocks.baseAddress else { return }
        var a = state.a
        var b = state.b
        var c = state.c
        var d = state.d
        var e = state.e
        for blockIndex in 0..<(blocks.count / blockByteCount) {
            let p = start + blockIndex &* blockByteCount
            var w0 = loadBigEndian(p)
            var w1 = loadBigEndian(p + 4)
            var w2 = loadBigEndian(p + 8)
            var w3 = loadBigEndian(p + 12)
            var w4 = loadBigEndian(p + 16)
            var w5 = loadBigEndian(p + 20)
            var w6 = loadBigEndian(p + 24)
            var w7 = loadBigEndian(p + 28)
            var w8 = loadBigEndian(p + 32)
            var w9 = loadBigEndian(p + 36)
            var w10 = loadBigEndian(p + 40)
            var w11 = loadBigEndian(p + 44)
            var w12 = loadBigEndian(p + 48)
            var w13 = loadBigEndian(p + 52)
            var w14 = loadBigEndian(p + 56)
            var w15 = loadBigEndian(p + 60)
            let (a0, b0, c0, d0, e0) = (a, b, c, d, e)

            // Rounds 0...19: Ch(b, c, d), K = 0x5A82_7999.
            chooseRound(a, &b, c, d, &e, w0)
            chooseRound(e, &a, b, c, &d, w1)
            chooseRound(d, &e, a, b, &c, w2)
            chooseRound(c, &d, e, a, &b, w3)
            chooseRound(b, &c, d, e, &a, w4)
            chooseRound(a, &b, c, d, &e, w5)
            chooseRound(e, &a, b, c, &d, w6)
            chooseRound(d, &e, a, b, &c, w7)
            chooseRound(c, &d, e, a, &b, w8)
            chooseRound(b, &c, d, e, &a, w9)
            chooseRound(a, &b, c, d, &e, w10)
            chooseRound(e, &a, b, c, &d, w11)
            chooseRound(d, &e, a, b, &c, w12)
            chooseRound(c, &d, e, a, &b, w13)
            chooseRound(b, &c, d, e, &a, w14)
            chooseRound(a, &b, c, d, &e, w15)
            chooseRound(e, &a, b, c, &d, expand(&w0, w13, w8, w2))
            chooseRound(d, &e, a, b, &c, expand(&w1, w14, w9, w3))
            chooseRound(c, &d, e, a, &b, expand(&w2, w15, w10, w4))
            chooseRound(b, &c, d, e, &a, expand(&w3, w0, w11, w5))
            // Rounds 20...39: Parity(b, c, d), K = 0x6ED9_EBA1.
            parityRound(a, &b, c, d, &e, expand(&w4, w1, w12, w6), 0x6ED9_EBA1)
            parityRound(e, &a, b, c, &d, expand(&w5, w2, w13, w7), 0x6ED9_EBA1)
            parityRound(d, &e, a, b, &c, expand(&w6, w3, w14, w8), 0x6ED9_EBA1)
            parityRound(c, &d, e, a, &b, expand(&w7, w4, w15, w9), 0x6ED9_EBA1)
            parityRound(b, &c, d, e, &a, expand(&w8, w5, w0, w10), 0x6ED9_EBA1)
            parityRound(a, &b, c, d, &e, expand(&w9, w6, w1, w11), 0x6ED9_EBA1)
            parityRound(e, &a, b, c, &d, expand(&w10, w7, w2, w12), 0x6ED9_EBA1)
            parityRound(d, &e, a, b, &c, expand(&w11, w8, w3, w13), 0x6ED9_EBA1)
            parityRound(c, &d, e, a, &b, expand(&w12, w9, w4, w14), 0x6ED9_EBA1)
            parityRound(b, &c, d, e, &a, expand(&w13, w10, w5, w15), 0x6ED9_EBA1)
            parityRound(a, &b, c, d, &e, expand(&w14, w11, w6, w0), 0x6ED9_EBA1)
            parityRound(e, &a, b, c, &d, expand(&w15, w12, w7, w1), 0x6ED9_EBA1)
            parityRound(d, &e, a, b, &c, expand(&w0, w13, w8, w2), 0x6ED9_EBA1)
            parityRound(c, &d, e, a, &b, expand(&w1, w14, w9, w3), 0x6ED9_EBA1)
            parityRound(b, &c, d, e, &a, expand(&w2, w15, w10, w4), 0x6ED9_EBA1)
            parityRound(a, &b, c, d, &e, expand(&w3, w0, w11, w5), 0x6ED9_EBA1)
            parityRound(e, &a, b, c, &d, expand(&w4, w1, w12, w6), 0x6ED9_EBA1)
            parityRound(d, &e, a, b, &c, expand(&w5, w2, w13, w7), 0x6ED9_EBA1)
            parityRound(c, &d, e, a, &b, expand(&w6, w3, w14, w8), 0x6ED9_EBA1)
            parityRound(b, &c, d, e, &a, expand(&w7, w4, w15, w9), 0x6ED9_EBA1)
            // Rounds 40...59: Maj(b, c, d), K = 0x8F1B_BCDC.
            majorityRound(a, &b, c, d, &e, expand(&w8, w5, w0, w10))
            majorityRound(e, &a, b, c, &d, expand(&w9, w6, w1, w11))
            majorityRound(d, &e, a, b, &c, expand(&w10, w7, w2, w12))
            majorityRound(c, &d, e, a, &b, expand(&w11, w8, w3, w13))
            majorityRound(b, &c, d, e, &a, expand(&w12, w9, w4, w14))
            majorityRound(a, &b, c, d, &e, expand(&w13, w10, w5, w15))
            majorityRound(e, &a, b, c, &d, expand(&w14, w11, w6, w0))
            majorityRound(d, &e, a, b, &c, expand(&w15, w12, w7, w1))
            majorityRound(c, &d, e, a, &b, expand(&w0, w13, w8, w2))
            majorityRound(b, &c, d, e, &a, expand(&w1, w14, w9, w3))
            majorityRound(a, &b, c, d, &e, expand(&w2, w15, w10, w4))
            majorityRound(e, &a, b, c, &d, expand(&w3, w0, w11, w5))
            majorityRound(d, &e, a, b, &c, expand(&w4, w1, w12, w6))
            majorityRound(c, &d, e, a, &b, expand(&w5, w2, w13, w7))
            majorityRound(b, &c, d, e, &a, expand(&w6, w3, w14, w8))
            majorityRound(a, &b, c, d, &e, expand(&w7, w4, w15, w9))
            majorityRound(e, &a, b, c, &d, expand(&w8, w5, w0, w10))
            majorityRound(d, &e, a, b, &c, expand(&w9, w6, w1, w11))
            majorityRound(c, &d, e, a, &b, expand(&w10, w7, w2, w12))
            majorityRound(b, &c, d, e, &a, expand(&w11, w8, w3, w13))
            // Rounds 60...79: Parity(b, c, d), K = 0xCA62_C1D6.
            parityRound(a, &b, c, d, &e, expand(&w12, w9, w4, w14), 0xCA62_C1D6)
            parityRound(e, &a, b, c, &d, expand(&w13, w10, w5, w15), 0xCA62_C1D6)
            parityRound(d, &e, a, b, &c, expand(&w14, w11, w6, w0), 0xCA62_C1D6)
            parityRound(c, &d, e, a, &b, expand(&w15, w12, w7, w1), 0xCA62_C1D6)
            parityRound(b, &c, d, e, &a, expand(&w0, w13, w8, w2), 0xCA62_C1D6)
            parityRound(a, &b, c, d, &e, expand(&w1, w14, w9, w3), 0xCA62_C1D6)
            parityRound(e, &a, b, c, &d, expand(&w2, w15, w10, w4), 0xCA62_C1D6)
            parityRound(d, &e, a, b, &c, expand(&w3, w0, w11, w5), 0xCA62_C1D6)
            parityRound(c, &d, e, a, &b, expand(&w4, w1, w12, w6), 0xCA62_C1D6)
            parityRound(b, &c, d, e, &a, expand(&w5, w2, w13, w7), 0xCA62_C1D6)
            parityRound(a, &b, c, d, &e, expand(&w6, w3, w14, w8), 0xCA62_C1D6)
            parityRound(e, &a, b, c, &d, expand(&w7, w4, w15, w9), 0xCA62_C1D6)
            parityRound(d, &e, a, b, &c, expand(&w8, w5, w0, w10), 0xCA62_C1D6)
            parityRound(c, &d, e, a, &b, expand(&w9, w6, w1, w11), 0xCA62_C1D6)
            parityRound(b, &c, d, e, &a, expand(&w10, w7, w2, w12), 0xCA62_C1D6)
            parityRound(a, &b, c, d, &e, expand(&w11, w8, w3, w13), 0xCA62_C1D6)
            parityRound(e, &a, b, c, &d, expand(&w12, w9, w4, w14), 0xCA62_C1D6)
            parityRound(d, &e, a, b, &c, expand(&w13, w10, w5, w15), 0xCA62_C1D6)
            parityRound(c, &d, e, a, &b, expand(&w14, w11, w6, w0), 0xCA62_C1D6)
            parityRound(b, &c, d, e, &a, expand(&w15, w12, w7, w1), 0xCA62_C1D6)

            a &+= a0
            b &+= b0
            c &+= c0
            d &+= d0
            e &+= e0
        }
        state = State(a: a, b: b, c: c, d: d, e: e)
    }

    /// Computes schedule word W[t] = ROTL¹(W[t-3] ⊕ W[t-8] ⊕ W[t-14] ⊕ W[t-16]) in the slot of W[t-16].
    @inline(__always)
    private static func expand(_ w16: inout UInt32, _ w3: UInt32, _ w8: UInt32, _ w14: UInt32) -> UInt32 {
        w16 = (w3 ^ w8 ^ w14 ^ w16).rotated(1)
        return w16
    }

    /// One round with Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z) and K = 0x5A827999 (rounds 0…19).
    @inline(__always)
    private static func chooseRound(
        _ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ w: UInt32
    ) {
        e &+= a.rotated(5) &+ (d ^ (b & (c ^ d))) &+ 0x5A82_7999 &+ w
        b = b.rotated(30)
    }

    /// One round with Parity(x, y, z) = x ⊕ y ⊕ z; K = 0x6ED9EBA1 (rounds 20…39) or 0xCA62C1D6 (rounds 60…79).
    @inline(__always)
    private static func parityRound(
        _ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ w: UInt32, _ k: UInt32
    ) {
        e &+= a.rotated(5) &+ (b ^ c ^ d) &+ k &+ w
        b = b.rotated(30)
    }

    /// One round with Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z) and K = 0x8F1BBCDC (rounds 40…59).
    @inline(__always)
    private static func majorityRound(
        _ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ w: UInt32
    ) {
        e &+= a.rotated(5) &+ ((b & c) | (d & (b | c))) &+ 0x8F1B_BCDC &+ w
        b = b.rotated(30)
    }

    /// Loads a big-endian `UInt32` from four bytes at `pointer`, which need not be aligned.
    @inline(__always)
    private static func loadBigEndian(_ pointer: UnsafeRawPointer) -> UInt32 {
        UInt32(pointer.load(fromByteOffset: 0, as: UInt8.self)) << 24
            | UInt32(pointer.load(fromByteOffset: 1, as: UInt8.self)) << 16
            | UInt32(pointer.load(fromByteOffset: 2, as: UInt8.self)) << 8
            | UInt32(pointer.load(fromByteOffset: 3, as: UInt8.self))
    }
}

extension UInt32 {
    /// The value rotated left by `count` bits (0 < `count` < 32).
    @inline(__always)
    fileprivate func rotated(_ count: UInt32) -> UInt32 {
        (self &<< count) | (self &>> (32 &- count))
    }
}
