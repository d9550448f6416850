// kitbench's hand-written SHA-1 for the uuid5.generate baseline: the one-shot hash of a short message, with the
// SHA-NI compression where the CPU has it (runtime check) and the textbook one elsewhere.
#include "csha1.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#define KITBENCH_X86 1
#endif

static inline uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void compress_portable(uint32_t state[5], const uint8_t *block, size_t blocks) {
    for (; blocks > 0; blocks--, block += 64) {
        uint32_t w[80];
        for (int i = 0; i < 16; i++) {
            w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 | (uint32_t)block[4 * i + 2] << 8
                | (uint32_t)block[4 * i + 3];
        }
        for (int i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
        for (int i = 0; i < 80; i++) {
            uint32_t f, k;
            if (i < 20) { f = (b & c) | (~b & d); k = 0x5A827999; }
            else if (i < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1; }
            else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDC; }
            else { f = b ^ c ^ d; k = 0xCA62C1D6; }
            uint32_t t = rotl(a, 5) + f + e + k + w[i];
            e = d; d = c; c = rotl(b, 30); b = a; a = t;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d; state[4] += e;
    }
}

#ifdef KITBENCH_X86
// Four rounds: group g of 20 (message register M[g % 4]); the message schedule steps as in Intel's SHA-NI
// reference code, each only while a later group needs its result.
#define RNDS4(abcd, e, f) \
    switch (f) { \
    case 0: abcd = _mm_sha1rnds4_epu32(abcd, e, 0); break; \
    case 1: abcd = _mm_sha1rnds4_epu32(abcd, e, 1); break; \
    case 2: abcd = _mm_sha1rnds4_epu32(abcd, e, 2); break; \
    default: abcd = _mm_sha1rnds4_epu32(abcd, e, 3); break; \
    }
#define GROUP(g) \
    do { \
        if ((g) % 2 == 0) { \
            e0 = (g) == 0 ? _mm_add_epi32(e0, m[0]) : _mm_sha1nexte_epu32(e0, m[(g) % 4]); \
            e1 = abcd; \
            if ((g) >= 3 && (g) <= 18) m[((g) + 1) % 4] = _mm_sha1msg2_epu32(m[((g) + 1) % 4], m[(g) % 4]); \
            RNDS4(abcd, e0, (g) / 5); \
        } else { \
            e1 = _mm_sha1nexte_epu32(e1, m[(g) % 4]); \
            e0 = abcd; \
            if ((g) >= 3 && (g) <= 18) m[((g) + 1) % 4] = _mm_sha1msg2_epu32(m[((g) + 1) % 4], m[(g) % 4]); \
            RNDS4(abcd, e1, (g) / 5); \
        } \
        if ((g) >= 1 && (g) <= 16) m[((g) + 3) % 4] = _mm_sha1msg1_epu32(m[((g) + 3) % 4], m[(g) % 4]); \
        if ((g) >= 2 && (g) <= 17) m[((g) + 2) % 4] = _mm_xor_si128(m[((g) + 2) % 4], m[(g) % 4]); \
    } while (0)

__attribute__((target("sha,sse4.1,ssse3")))
static void compress_sha_ni(uint32_t state[5], const uint8_t *block, size_t blocks) {
    const __m128i mask = _mm_set_epi64x(0x0001020304050607ULL, 0x08090a0b0c0d0e0fULL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i e0 = _mm_set_epi32((int)state[4], 0, 0, 0);
    __m128i e1;
    for (; blocks > 0; blocks--, block += 64) {
        const __m128i abcd_save = abcd, e0_save = e0;
        __m128i m[4];
        for (int i = 0; i < 4; i++) m[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * i)), mask);
        GROUP(0); GROUP(1); GROUP(2); GROUP(3); GROUP(4); GROUP(5); GROUP(6); GROUP(7); GROUP(8); GROUP(9);
        GROUP(10); GROUP(11); GROUP(12); GROUP(13); GROUP(14); GROUP(15); GROUP(16); GROUP(17); GROUP(18); GROUP(19);
        e0 = _mm_sha1nexte_epu32(e0, e0_save);
        abcd = _mm_add_epi32(abcd, abcd_save);
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

static int detect_sha_ni(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return ssse3 && sse41 && ((b >> 29) & 1);
}

static int sha_ni_state = -1;

int kitbench_sha1_uses_sha_ni(void) {
    if (sha_ni_state < 0) sha_ni_state = detect_sha_ni();
    return sha_ni_state;
}
#else
int kitbench_sha1_uses_sha_ni(void) { return 0; }
#endif

void kitbench_uuid_v5(const uint8_t *namespace_bytes, const uint8_t *name, size_t length, uint8_t *out) {
    uint32_t state[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    const uint64_t total = 16 + (uint64_t)length;
    // Whole blocks straight from the input (the namespace is copied in front of the name's first bytes).
    uint8_t tail[128];
    size_t consumed = 0;  // bytes of the name hashed before the tail
    const size_t first = length + 16 < 64 ? length : 48;
    memcpy(tail, namespace_bytes, 16);
    memcpy(tail + 16, name, first);
    size_t buffered = 16 + first;
    consumed = first;
#ifdef KITBENCH_X86
    const int sha_ni = kitbench_sha1_uses_sha_ni();
#define COMPRESS(s, p, n) (sha_ni ? compress_sha_ni(s, p, n) : compress_portable(s, p, n))
#else
#define COMPRESS(s, p, n) compress_portable(s, p, n)
#endif
    if (buffered == 64) {
        COMPRESS(state, tail, 1);
        const size_t whole = (length - consumed) / 64;
        if (whole > 0) COMPRESS(state, name + consumed, whole);
        consumed += whole * 64;
        buffered = length - consumed;
        memcpy(tail, name + consumed, buffered);
    }
    // Padding: 0x80, zeros, the bit length big-endian; one block or two.
    tail[buffered++] = 0x80;
    const size_t padded = buffered <= 56 ? 64 : 128;
    memset(tail + buffered, 0, padded - buffered);
    const uint64_t bits = total * 8;
    for (int i = 0; i < 8; i++) tail[padded - 1 - i] = (uint8_t)(bits >> (8 * i));
    COMPRESS(state, tail, padded / 64);
    for (int i = 0; i < 4; i++) {
        out[4 * i] = (uint8_t)(state[i] >> 24);
        out[4 * i + 1] = (uint8_t)(state[i] >> 16);
        out[4 * i + 2] = (uint8_t)(state[i] >> 8);
        out[4 * i + 3] = (uint8_t)state[i];
    }
    out[6] = (out[6] & 0x0F) | 0x50;
    out[8] = (out[8] & 0x3F) | 0x80;
}
