#ifndef KITBENCH_CSHA1_H
#define KITBENCH_CSHA1_H

#include <stddef.h>
#include <stdint.h>

/// RFC 9562 UUIDv5 of `name` (`length` bytes) in `namespace_bytes` (16 bytes): SHA-1 of the namespace and the
/// name, its first 16 bytes, version 5 and the RFC variant, written to `out` (16 bytes). One call, no allocation;
/// the SHA-1 blocks go through the CPU's SHA instructions (SHA-NI) when it has them, portable C otherwise.
void kitbench_uuid_v5(const uint8_t *namespace_bytes, const uint8_t *name, size_t length, uint8_t *out);

/// 1 when kitbench_uuid_v5 uses the CPU's SHA instructions, 0 when it runs the portable C compression.
int kitbench_sha1_uses_sha_ni(void);

#endif
