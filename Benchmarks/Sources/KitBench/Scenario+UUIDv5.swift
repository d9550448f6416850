import CSHA1
import Crypto
import Foundation
import InventoryKit

// MARK: - Deterministic ids

extension Scenario {
    /// `InventoryIDGenerator.uuidV5` (the kit's portable SHA-1) against a hand-written one-shot UUIDv5 in C
    /// (`CSHA1`: the SHA-1 blocks through the CPU's SHA instructions when it has them, no allocation) over the same
    /// namespace and names. swift-crypto's `Insecure.SHA1` gives the same ids too; it is checked, not timed (its
    /// hasher object and digest cost more than the hash of these one-block names).
    static let uuidV5 = Scenario(
        name: "uuid5.generate",
        summary: "InventoryIDGenerator.uuidV5 x M vs a one-shot C UUIDv5 (SHA-NI when the CPU has it) of the same names",
        target: 1.5,
        timed: Timed(
            ours: "1 000 000 x InventoryIDGenerator.uuidV5 (the kit's portable Swift SHA-1) folded into a checksum",
            baseline: "1 000 000 x kitbench_uuid_v5 (C, one call, SHA-NI when the CPU has it) folded into a checksum")
    ) { fixtures in
        let names = (0..<fixtures.configuration.uuidCount).map { "manufacturer/\($0)/Golden Grain" }
        let namespace = InventoryNamespace.manufacturer.rawValue
        for name in names.prefix(1_000) {
            let ours = InventoryIDGenerator.uuidV5(namespace: namespace, name: name)
            guard ours == Self.cryptoUUIDv5(namespace, name), ours == Self.cUUIDv5(namespace, name) else {
                throw BenchmarkError.mismatch(scenario: "uuid5.generate", detail: "the ids of \"\(name)\" differ")
            }
        }
        ScaleLog.write("   uuid5.generate baseline: SHA-1 \(kitbench_sha1_uses_sha_ni() == 1 ? "with SHA-NI" : "in portable C (no SHA-NI)")")
        let checksums = UUIDChecksums()
        return ScenarioRun(
            ours: {
                var checksum = UUIDChecksum()
                let seconds = Stopwatch.timeSync {
                    for name in names { checksum.add(InventoryIDGenerator.uuidV5(namespace: namespace, name: name)) }
                }
                await checksums.record(checksum, side: .ours)
                return seconds
            },
            baseline: {
                var checksum = UUIDChecksum()
                let seconds = Stopwatch.timeSync {
                    for name in names { checksum.add(Self.cUUIDv5(namespace, name)) }
                }
                await checksums.record(checksum, side: .baseline)
                return seconds
            },
            verify: { try await checksums.verify("uuid5.generate") })
    }

    /// RFC 9562 §5.5 in one C call: `kitbench_uuid_v5` over the namespace's 16 bytes and the name's UTF-8.
    @inline(never)
    static func cUUIDv5(_ namespace: UUID, _ name: String) -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var name = name
        withUnsafeBytes(of: namespace.uuid) { space in
            name.withUTF8 { text in
                withUnsafeMutableBytes(of: &bytes) { out in
                    kitbench_uuid_v5(
                        space.bindMemory(to: UInt8.self).baseAddress, text.baseAddress, text.count,
                        out.bindMemory(to: UInt8.self).baseAddress)
                }
            }
        }
        return UUID(uuid: bytes)
    }

    /// RFC 9562 §5.5 with swift-crypto: SHA-1 of the namespace's 16 bytes and the name's UTF-8, first 16 bytes,
    /// version 5, RFC variant.
    @inline(never)
    static func cryptoUUIDv5(_ namespace: UUID, _ name: String) -> UUID {
        var hasher = Insecure.SHA1()
        withUnsafeBytes(of: namespace.uuid) { hasher.update(bufferPointer: $0) }
        var name = name
        name.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        let digest = hasher.finalize()
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        digest.withUnsafeBytes { raw in
            withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw.prefix(16))) }
        }
        bytes.6 = bytes.6 & 0x0F | 0x50
        bytes.8 = bytes.8 & 0x3F | 0x80
        return UUID(uuid: bytes)
    }
}
