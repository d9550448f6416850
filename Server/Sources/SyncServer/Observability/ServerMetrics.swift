import CoreMetrics
import Metrics
import NIOConcurrencyHelpers
import Prometheus

/// The server's metrics, recorded through swift-metrics into a Prometheus registry of their own.
///
/// Every application is given its instance (``SyncServerApplication/build(configuration:logger:views:metrics:)``),
/// so two applications in one process — a test suite's — never share counts, and nothing here touches the
/// process-global `MetricsSystem`. The `serve` command additionally bootstraps `MetricsSystem` with ``factory``,
/// so metrics that libraries record globally land in the same registry.
///
/// Labels have bounded values only: a route pattern (`/v1/households/{id}/push`), never a path; a status code; a
/// fixed set of kinds. The names and what to alert on are listed in the server's README ("Metrics and logs").
package final class ServerMetrics: Sendable {
    /// The registry the metrics are kept in.
    package let registry: PrometheusCollectorRegistry
    /// A swift-metrics factory over ``registry``.
    package let factory: PrometheusMetricsFactory

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct RequestMetrics {
        var count: CoreMetrics.Counter
        var duration: CoreMetrics.Timer
    }

    private let requests = NIOLockedValueBox<[RequestKey: RequestMetrics]>([:])
    private let authenticationFailures: [AuthenticationFailureKind: CoreMetrics.Counter]
    private let pushedOperations: [PushedOperationResult: CoreMetrics.Counter]
    private let pulledChanges: CoreMetrics.Counter
    private let pushBatchSize: CoreMetrics.Recorder
    private let householdLockWait: CoreMetrics.Timer
    private let transactionsWaiting: CoreMetrics.Meter
    private let transactionsRunning: CoreMetrics.Meter
    private let replicaLagMax: CoreMetrics.Gauge
    private let replicaLagSum: CoreMetrics.Gauge
    private let householdsBehind: CoreMetrics.Gauge

    /// Creates the metrics in `registry` (a new, empty one by default).
    package init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = [
            "inventorykit_http_request_duration_seconds": [
                .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
                .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
                .milliseconds(2500), .seconds(5), .seconds(10),
            ],
            "inventorykit_household_lock_wait_seconds": [
                .microseconds(500), .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50),
                .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(5),
            ],
        ]
        factory.valueHistogramBuckets = [
            "inventorykit_push_batch_operations": [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000]
        ]
        self.factory = factory
        authenticationFailures = Dictionary(uniqueKeysWithValues: AuthenticationFailureKind.allCases.map {
            ($0, CoreMetrics.Counter(label: "inventorykit_authentication_failures_total", dimensions: [("kind", $0.rawValue)], factory: factory))
        })
        pushedOperations = Dictionary(uniqueKeysWithValues: PushedOperationResult.allCases.map {
            ($0, CoreMetrics.Counter(label: "inventorykit_pushed_operations_total", dimensions: [("result", $0.rawValue)], factory: factory))
        })
        pulledChanges = CoreMetrics.Counter(label: "inventorykit_pulled_changes_total", factory: factory)
        pushBatchSize = CoreMetrics.Recorder(label: "inventorykit_push_batch_operations", aggregate: true, factory: factory)
        householdLockWait = CoreMetrics.Timer(label: "inventorykit_household_lock_wait_seconds", factory: factory)
        transactionsWaiting = CoreMetrics.Meter(label: "inventorykit_db_transactions_waiting", factory: factory)
        transactionsRunning = CoreMetrics.Meter(label: "inventorykit_db_transactions_running", factory: factory)
        replicaLagMax = CoreMetrics.Gauge(label: "inventorykit_replica_lag_max_changes", factory: factory)
        replicaLagSum = CoreMetrics.Gauge(label: "inventorykit_replica_lag_changes", factory: factory)
        householdsBehind = CoreMetrics.Gauge(label: "inventorykit_replica_households_behind", factory: factory)
    }

    /// The metrics in Prometheus' text exposition format (version 0.0.4).
    package func exposition() -> String {
        registry.emitToString()
    }

    // MARK: - Recording

    /// Counts one answered request of `route` (a pattern; Hummingbird's `NotFound` when none matched) and records its duration.
    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let metrics = requests.withLockedValue { cache in
            if let known = cache[key] { return known }
            let dimensions = [("method", method), ("route", route), ("status", String(status))]
            let made = RequestMetrics(
                count: CoreMetrics.Counter(label: "inventorykit_http_requests_total", dimensions: dimensions, factory: factory),
                duration: CoreMetrics.Timer(label: "inventorykit_http_request_duration_seconds", dimensions: dimensions, factory: factory))
            cache[key] = made
            return made
        }
        metrics.count.increment()
        metrics.duration.record(duration: duration)
    }

    /// Counts one refused authentication.
    func recordAuthenticationFailure(_ kind: AuthenticationFailureKind) {
        authenticationFailures[kind]?.increment()
    }

    /// Records a push of `operations` operations (the batch's size) and the result of each.
    func recordPush(operations: Int, results: [PushedOperationResult]) {
        pushBatchSize.record(operations)
        var counts: [PushedOperationResult: Int] = [:]
        for result in results { counts[result, default: 0] += 1 }
        for (result, count) in counts { pushedOperations[result]?.increment(by: count) }
    }

    /// Counts changes a pull served.
    func recordPull(changes: Int) {
        pulledChanges.increment(by: changes)
    }

    /// Records how long a push waited for its household's lock (for a push of new journal entries, the statement
    /// that takes the lock and appends them).
    func recordHouseholdLockWait(_ duration: Duration) {
        householdLockWait.record(duration: duration)
    }

    /// Runs `body` counted as a transaction waiting for a pooled connection until `leased` is called, then as one
    /// running.
    func measureTransaction<Result>(
        _ body: (_ leased: @escaping @Sendable () -> Void) async throws -> Result
    ) async rethrows -> Result {
        transactionsWaiting.increment()
        let lease = NIOLockedValueBox(false)
        let waiting = transactionsWaiting
        let running = transactionsRunning
        defer {
            if lease.withLockedValue({ $0 }) { running.decrement() } else { waiting.decrement() }
        }
        return try await body {
            let first = lease.withLockedValue { leased in
                defer { leased = true }
                return !leased
            }
            if first {
                waiting.decrement()
                running.increment()
            }
        }
    }

    /// Sets the replica's lag: changes in live households' logs not folded yet, the most one household has, and
    /// how many households have any.
    func recordReplicaLag(max: Int64, sum: Int64, households: Int64) {
        replicaLagMax.record(max)
        replicaLagSum.record(sum)
        householdsBehind.record(households)
    }
}

extension CoreMetrics.Timer {
    /// Records a `Duration` in nanoseconds.
    fileprivate func record(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
