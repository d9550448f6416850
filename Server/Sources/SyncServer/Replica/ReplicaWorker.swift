import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Keeps the replica close behind the log: folds a household soon after a push committed to it, and sweeps for
/// households whose log moved past their watermark (`household_replicas.projected_through_seq`) — pushes that
/// another server instance took, or that arrived while this one was down.
///
/// Reads never wait for the worker: ``HouseholdReplicas/view(of:atLeast:)`` folds what is missing itself. The
/// worker only moves that cost off the first read after a push. A nudge folds its household after `settle`; the
/// nudges that arrive meanwhile join that fold, so a burst of pushes costs one fold per `settle`, not one per
/// push (each fold of a household that late arrivals reach back into refolds from an earlier state). A fold also
/// waits at least ``restFactor`` times its household's previous fold: folds share the cores with the pushes, so
/// under a heavy burst the worker takes at most about a third of a core per household and folds more entries at
/// once, while readers still fold what they ask for themselves. It stops on graceful shutdown. Each sweep first
/// sets the replica's lag in the store's metrics.
package final class ReplicaWorker: Service, Sendable {
    private let replicas: HouseholdReplicas
    private let store: PostgresSyncStore
    private let logger: Logger
    private let sweepInterval: Duration
    private let settle: Duration
    /// Households with a fold scheduled and not started.
    private let scheduled = NIOLockedValueBox<Set<HouseholdID>>([])
    /// How long each household's last nudged fold took, when that lengthens its next wait.
    private let lastFold = NIOLockedValueBox<[HouseholdID: Duration]>([:])
    /// How many times its previous fold's duration a nudged fold waits at least.
    static let restFactor = 2
    private let nudges: AsyncStream<HouseholdID>
    private let continuation: AsyncStream<HouseholdID>.Continuation

    /// Creates a worker; `sweepInterval` is how often it looks for households behind their watermark, `settle`
    /// how long a nudged fold waits for more pushes.
    package init(
        replicas: HouseholdReplicas, store: PostgresSyncStore, logger: Logger, sweepInterval: Duration = .seconds(5),
        settle: Duration = .milliseconds(100)
    ) {
        self.replicas = replicas
        self.store = store
        self.logger = logger
        self.sweepInterval = sweepInterval
        self.settle = settle
        (nudges, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(4096))
    }

    /// Asks for the household to be folded soon (after a push committed to it). Never waits.
    package func nudge(_ household: HouseholdID) {
        continuation.yield(household)
    }

    package func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                await withDiscardingTaskGroup { folds in
                    for await household in nudges.cancelOnGracefulShutdown() {
                        guard scheduled.withLockedValue({ $0.insert(household).inserted }) else { continue }
                        folds.addTask { [self] in
                            let previous = lastFold.withLockedValue { $0[household] } ?? .zero
                            try? await Task.sleep(for: max(settle, previous * Self.restFactor))
                            // Unscheduled before it folds: a push committed during the fold schedules the next one.
                            _ = scheduled.withLockedValue { $0.remove(household) }
                            let started = ContinuousClock.now
                            await fold(household)
                            let took = ContinuousClock.now - started
                            // Only folds long enough to lengthen the wait are remembered.
                            lastFold.withLockedValue { $0[household] = took * Self.restFactor > settle ? took : nil }
                        }
                    }
                }
            }
            group.addTask { [self] in
                while !Task.isCancelled, !Task.isShuttingDownGracefully {
                    await sweep()
                    try? await Task.sleep(for: sweepInterval)
                }
            }
            try? await gracefulShutdown()
            continuation.finish()
            group.cancelAll()
        }
    }

    private func sweep() async {
        if let lag = try? await store.replicaLag() {
            store.metrics.recordReplicaLag(max: lag.max, sum: lag.sum, households: lag.households)
        }
        do {
            for household in try await store.householdsBehindReplica(limit: 100) {
                guard !Task.isCancelled else { return }
                await fold(household)
            }
        } catch {
            logger.debug("replica sweep failed; the next one retries", metadata: ["error": "\(error)"])
        }
    }

    /// Folds the household; on graceful shutdown it stops waiting at once (the fold itself is shared with readers
    /// and runs on, so a long one never holds the shutdown up).
    private func fold(_ household: HouseholdID) async {
        let (replicas, logger) = (replicas, logger)
        _ = await FirstAnswer.within(nil) {
            do {
                _ = try await replicas.view(of: household, atLeast: nil)
            } catch SyncStoreError.householdNotFound {
                // Erased meanwhile: nothing to fold.
            } catch {
                logger.warning(
                    "replica fold failed; reads fold it again", metadata: ["household": "\(household)", "error": "\(error)"])
            }
        }
    }
}
