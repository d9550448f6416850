import Foundation

/// An XOR of ids, so the compiler cannot drop the work and the two sides can be shown to produce the same ids.
struct UUIDChecksum: Sendable, Equatable {
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0
    private(set) var count = 0

    mutating func add(_ id: UUID) {
        withUnsafeBytes(of: id.uuid) { raw in
            low ^= raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            high ^= raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) &+ UInt64(count)
        }
        count += 1
    }
}
