import Foundation
import InventorySync

/// The faults an in-memory remote can be told to inject, and the bookkeeping of which fire next.
///
/// In-memory remotes (products, inventory) own one and call ``beginCall()`` at the start of every call, then
/// ``consumeDuplicateDelivery()`` and ``consumeTimeoutAfterApplying()`` around applying a push.
package struct RemoteFaultInjector: Sendable {
    private var failures: [RemoteSyncError] = []
    private var failureProbability = 0.0
    private var random = SeededRandomNumberGenerator(seed: 0)
    private var timeoutsAfterApplying = 0
    private var duplicateDeliveries = 0

    /// Whether the remote is off the network.
    package var isOffline = false
    /// How many calls were attempted.
    package private(set) var callCount = 0

    /// Creates an injector with no faults.
    package init() {}

    /// Makes the next `count` calls throw `error`.
    package mutating func failNextCalls(_ count: Int, with error: RemoteSyncError) {
        failures = Array(repeating: error, count: max(0, count))
    }

    /// Makes every call fail with probability `probability`, drawn from a generator seeded with `seed`.
    package mutating func setFailureProbability(_ probability: Double, seed: UInt64) {
        failureProbability = probability.isFinite ? min(1, max(0, probability)) : 0
        random = SeededRandomNumberGenerator(seed: seed)
    }

    /// Makes the next `count` pushes apply and then time out.
    package mutating func timeOutAfterApplyingNext(_ count: Int) {
        timeoutsAfterApplying = max(0, count)
    }

    /// Makes the next `count` pushes (or feed pages) be delivered twice.
    package mutating func deliverTwiceNext(_ count: Int) {
        duplicateDeliveries = max(0, count)
    }

    /// Clears every fault.
    package mutating func clear() {
        failures = []
        failureProbability = 0
        isOffline = false
        timeoutsAfterApplying = 0
        duplicateDeliveries = 0
    }

    /// Counts a call and throws the fault due for it, if any.
    ///
    /// - Throws: `RemoteSyncError.offline`, the next injected failure, or a random transient failure.
    package mutating func beginCall() throws(RemoteSyncError) {
        callCount += 1
        if isOffline { throw .offline }
        if !failures.isEmpty { throw failures.removeFirst() }
        if failureProbability > 0, Double.random(in: 0..<1, using: &random) < failureProbability {
            throw .transient("injected random failure")
        }
    }

    /// Whether this delivery should happen twice (consumes one duplicate).
    package mutating func consumeDuplicateDelivery() -> Bool {
        guard duplicateDeliveries > 0 else { return false }
        duplicateDeliveries -= 1
        return true
    }

    /// Whether this push should time out after applying (consumes one timeout).
    package mutating func consumeTimeoutAfterApplying() -> Bool {
        guard timeoutsAfterApplying > 0 else { return false }
        timeoutsAfterApplying -= 1
        return true
    }
}
