import Foundation

/// The injected source of randomness for retry jitter, so tests are deterministic.
///
/// ```swift
/// let jitter = RandomSource.seeded(42)     // repeatable
/// let none = RandomSource.constant(1)      // always the ceiling
/// ```
public struct RandomSource: Sendable {
    private let draw: @Sendable () -> Double

    /// Creates a source from a closure returning values in `[0, 1]`; values outside are clamped.
    public init(_ nextUnit: @escaping @Sendable () -> Double) {
        draw = nextUnit
    }

    /// A value in `[0, 1]`.
    package func nextUnit() -> Double {
        let value = draw()
        return value.isFinite ? min(1, max(0, value)) : 0
    }

    /// The system's random number generator.
    public static var system: RandomSource { RandomSource { Double.random(in: 0...1) } }

    /// Always `value` (clamped to `[0, 1]`).
    public static func constant(_ value: Double) -> RandomSource { RandomSource { value } }

    /// A deterministic sequence from a seed (SplitMix64), safe to share between tasks.
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let state = SeededState(seed: seed)
        return RandomSource { state.nextUnit() }
    }
}

/// The lock-protected state of a seeded ``RandomSource``.
private final class SeededState: @unchecked Sendable {
    // @unchecked: `state` is only read and written under `lock`.
    private let lock = NSLock()
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    func nextUnit() -> Double {
        let bits: UInt64 = lock.withLock {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        return Double(bits >> 11) / Double(1 << 53)
    }
}
