import Crypto
import Foundation
import InventoryKit

// MARK: - Deterministic ids

extension Scenario {
    /// `InventoryIDGenerator.uuidV5` (the kit's portable SHA-1) against swift-crypto's `Insecure.SHA1` (BoringSSL)
    /// over the same namespace and names, with the same version and variant bits.
    static let uuidV5 = Scenario(
        name: "uuid5.generate",
        summary: "InventoryIDGenerator.uuidV5 x M vs swift-crypto Insecure.SHA1(namespace ‖ name) + version/variant bits",
        target: 1.5
    ) { fixtures in
        let names = (0..<fixtures.configuration.uuidCount).map { "manufacturer/\($0)/Golden Grain" }
        let namespace = InventoryNamespace.manufacturer.rawValue
        for name in names.prefix(1_000) where InventoryIDGenerator.uuidV5(namespace: namespace, name: name) != Self.cryptoUUIDv5(namespace, name) {
            throw BenchmarkError.mismatch(scenario: "uuid5.generate", detail: "the ids of \"\(name)\" differ")
        }
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
                    for name in names { checksum.add(Self.cryptoUUIDv5(namespace, name)) }
                }
                await checksums.record(checksum, side: .baseline)
                return seconds
            },
            verify: { try await checksums.verify("uuid5.generate") })
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
