import Foundation

/// Deterministic, valid version-4-shaped UUIDs from a seed, safe to share between tasks — hand
/// `{ generator.next() }` to any service's `makeUUID` parameter for reproducible tests.
///
/// ```swift
/// let uuids = SeededUUIDGenerator(seed: 42)
/// let service = ProductModuleService(storage: storage, replicaID: "a", makeUUID: { uuids.next() })
/// ```
public final class SeededUUIDGenerator: @unchecked Sendable {
    // @unchecked: `random` is only used under `lock`.
    private let lock = NSLock()
    private var random: SeededRandomNumberGenerator

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    /// The next UUID of the sequence.
    public func next() -> UUID {
        lock.lock()
        defer { lock.unlock() }
        let high = random.next()
        let low = random.next()
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            for index in 0..<8 {
                buffer[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
                buffer[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
            }
            buffer[6] = buffer[6] & 0x0F | 0x40
            buffer[8] = buffer[8] & 0x3F | 0x80
        }
        return UUID(uuid: bytes)
    }
}
