import Foundation
import InventoryKit
import InventorySync
import Testing

@Suite("Sync primitives: stamps, backoff, conflict policies, events")
struct SyncPrimitivesTests {
    static let t0 = Date(timeIntervalSinceReferenceDate: 1_000)

    @Test("stamps order by time, then version, then replica id")
    func stampOrder() {
        let a = SyncStamp(updatedAt: Self.t0, version: 2, replicaID: ReplicaID("b"))
        let laterTime = SyncStamp(updatedAt: Self.t0 + 1, version: 1, replicaID: ReplicaID("a"))
        let higherVersion = SyncStamp(updatedAt: Self.t0, version: 3, replicaID: ReplicaID("a"))
        let higherReplica = SyncStamp(updatedAt: Self.t0, version: 2, replicaID: ReplicaID("c"))
        #expect(a < laterTime && a < higherVersion && a < higherReplica)
        #expect([laterTime, a, higherReplica, higherVersion].sorted() == [a, higherReplica, higherVersion, laterTime])
    }

    @Test("a successor stamp wins over both inputs and keeps time monotonic")
    func successor() {
        let local = SyncStamp(updatedAt: Self.t0 + 5, version: 4, replicaID: ReplicaID("a"))
        let remote = SyncStamp(updatedAt: Self.t0 + 9, version: 2, replicaID: ReplicaID("b"))
        let next = local.successor(of: remote, now: Self.t0, replica: ReplicaID("a"))
        #expect(next > local && next > remote)
        #expect(next.updatedAt == Self.t0 + 9 && next.version == 5)
    }

    @Test("backoff delays stay within [0, min(cap, base·2^n)] for every attempt and draw", arguments: [
        RetryPolicy(baseDelay: 0.5, maxDelay: 30, maxAttempts: 20), RetryPolicy(baseDelay: 2, maxDelay: 7, maxAttempts: 5),
        RetryPolicy.standard,
    ])
    func backoffBounds(_ policy: RetryPolicy) {
        let random = RandomSource.seeded(99)
        for attempt in 0..<70 {
            let ceiling = min(policy.maxDelay, policy.baseDelay * pow(2, Double(attempt)))
            #expect(policy.ceiling(forRetry: attempt) == ceiling)
            for _ in 0..<50 {
                let delay = policy.delay(forRetry: attempt, random: random)
                #expect(delay >= 0 && delay <= ceiling)
            }
        }
        #expect(policy.delay(forRetry: 3, random: .constant(1)) == policy.ceiling(forRetry: 3))
        #expect(policy.delay(forRetry: 3, random: .constant(0)) == 0)
        #expect(policy.delay(forRetry: 3, random: .constant(.nan)) == 0)
    }

    @Test("seeded randomness repeats and spreads over the unit interval")
    func seededRandom() {
        let first = RandomSource.seeded(7)
        let second = RandomSource.seeded(7)
        let a = (0..<1_000).map { _ in first.nextUnit() }
        let b = (0..<1_000).map { _ in second.nextUnit() }
        #expect(a == b)
        #expect(a.allSatisfy { (0...1).contains($0) })
        #expect(a.filter { $0 < 0.5 }.count > 400 && a.filter { $0 < 0.5 }.count < 600)
    }

    @Test("a failed push schedules the next attempt with jitter, then quarantines when attempts run out")
    func outboxFailure() {
        struct Payload: OutboxPayload, Equatable {
            static let outboxCollection: RecordCollection = "test-outbox"
            var value: Int
        }
        let policy = RetryPolicy(baseDelay: 10, maxDelay: 60, maxAttempts: 3)
        var entry = OutboxEntry(operationID: UUID(), entityID: "p1", sequence: 1, payload: Payload(value: 1), enqueuedAt: Self.t0)
        #expect(entry.isDue(at: Self.t0))
        var result = entry.failed(with: .timeout, at: Self.t0, policy: policy, random: .constant(1))
        entry = result.entry
        #expect(entry.attempts == 1 && entry.nextAttemptAt == Self.t0 + 10)
        #expect(result.status == .failed(retryCount: 1, lastError: RemoteSyncError.timeout.description, nextRetryAt: Self.t0 + 10))
        #expect(!entry.isDue(at: Self.t0 + 9) && entry.isDue(at: Self.t0 + 10))
        result = entry.failed(with: .transient("busy"), at: Self.t0 + 10, policy: policy, random: .constant(1))
        #expect(result.entry.nextAttemptAt == Self.t0 + 30)
        result = result.entry.failed(with: .transient("busy"), at: Self.t0 + 30, policy: policy, random: .constant(1))
        #expect(result.entry.isQuarantined && result.entry.nextAttemptAt == nil)
        #expect(!result.entry.isDue(at: .distantFuture))
        let permanent = OutboxEntry(operationID: UUID(), entityID: "p2", sequence: 2, payload: Payload(value: 2), enqueuedAt: Self.t0)
            .failed(with: .permanent("invalid"), at: Self.t0, policy: policy, random: .constant(1))
        #expect(permanent.entry.isQuarantined && permanent.entry.attempts == 1)
        let newer = OutboxEntry(operationID: UUID(), entityID: "p1", sequence: 3, payload: Payload(value: 3), enqueuedAt: Self.t0)
        let merged = entry.superseded(by: newer)
        #expect(merged.operationID == newer.operationID && merged.supersededOperationIDs == [entry.operationID])
    }

    @Test("conflict policies pick the documented side", arguments: [true, false])
    func conflictPolicies(localIsNewer: Bool) {
        let older = SyncStamp(updatedAt: Self.t0, version: 1, replicaID: ReplicaID("a"))
        let newer = SyncStamp(updatedAt: Self.t0 + 1, version: 1, replicaID: ReplicaID("b"))
        let (localStamp, remoteStamp) = localIsNewer ? (newer, older) : (older, newer)
        let lww = ConflictPolicy<String>.lastWriteWins.resolve(local: "L", localStamp: localStamp, remote: "R", remoteStamp: remoteStamp)
        #expect(lww.name == (localIsNewer ? "keepLocal" : "keepRemote"))
        #expect(ConflictPolicy<String>.remoteWins.resolve(local: "L", localStamp: localStamp, remote: "R", remoteStamp: remoteStamp).name == "keepRemote")
        #expect(ConflictPolicy<String>.localWins.resolve(local: "L", localStamp: localStamp, remote: "R", remoteStamp: remoteStamp).name == "keepLocal")
        let merge = ConflictPolicy<String>.merge { $0 + $1 }
        guard case .merged(let value) = merge.resolve(local: "L", localStamp: localStamp, remote: "R", remoteStamp: remoteStamp) else {
            Issue.record("merge did not merge")
            return
        }
        #expect(value == "LR")
        #expect(merge.resolve(local: nil, localStamp: localStamp, remote: "R", remoteStamp: remoteStamp).name == lww.name)
    }

    @Test("every subscriber of the event hub receives every event in order")
    func eventHub() async {
        typealias Event = SyncEvent<String, String>
        let hub = SyncEventHub<Event>()
        let first = await hub.subscribe()
        let second = await hub.subscribe()
        let operations = ["a", "b"].map { SyncOperationReference(operationID: UUID(), entityID: $0) }
        var report = SyncReport<String>()
        report.pushed = 2
        await hub.emit(.pendingCount(2))
        await hub.emit(.pushed(operations))
        await hub.emit(.completed(report))
        for stream in [first, second] {
            var received: [Event] = []
            for await event in stream {
                received.append(event)
                if received.count == 3 { break }
            }
            #expect(received == [.pendingCount(2), .pushed(operations), .completed(report)])
        }
    }

    @Test("gateway errors are classified: permanent ones are not retried")
    func errorClassification() {
        struct Other: Error {}
        #expect(RemoteSyncError.classify(Other()).isRetryable)
        #expect(RemoteSyncError.classify(RemoteSyncError.permanent("no")) == .permanent("no"))
        #expect(!RemoteSyncError.permanent("no").isRetryable && RemoteSyncError.timeout.isRetryable)
        #expect(ReplicaID("  ").rawValue == "unknown")
    }
}
