import Foundation
import InventoryKit
import InventorySync
import Testing

/// A payload for engine tests: a named change of one entity.
private struct Note: OutboxPayload, Hashable {
    static let outboxCollection: RecordCollection = "notes-outbox"
    var entity: String
}

/// The smallest adapter: an outbox in memory, a remote that rejects whole calls holding a poisoned entity.
private actor NoteAdapterState {
    var outbox: [UUID: OutboxEntry<Note>] = [:]
    var remote: [String] = []
    var poisoned: Set<String> = []
    /// Entities the remote leaves out of its answers (each then counts as a transient failure).
    var unanswered: Set<String> = []
    /// How many of the next push calls fail as a whole with a transient error.
    var failingCalls = 0
    var calls = 0

    func seed(_ entries: [OutboxEntry<Note>]) { for entry in entries { outbox[entry.operationID] = entry } }
    /// The remote feed: this many pages of one change each.
    var remotePages = 0
    /// The page whose adoption fails with a local error, if any.
    var failingAdoption: Int?
    /// The page whose call fails with a transient error, if any.
    var failingFetch: Int?
    var adopted: [Int] = []
    var pullEnds: [String] = []

    func poison(_ entities: Set<String>) { poisoned = entities }
    func leaveUnanswered(_ entities: Set<String>) { unanswered = entities }
    func failNextCalls(_ count: Int) { failingCalls = count }
    /// The number of the push call that fails with a transient error, if any.
    var failingCallNumber: Int?
    /// How many rounds were settled.
    var settles = 0
    func failCall(number: Int) { failingCallNumber = number }
    func settled() { settles += 1 }
    func serve(pages: Int, failingAdoption: Int? = nil, failingFetch: Int? = nil) {
        remotePages = pages
        self.failingAdoption = failingAdoption
        self.failingFetch = failingFetch
    }
    func adopt(_ page: Int) throws {
        if page == failingAdoption { throw CancellationError() }
        adopted.append(page)
    }
    func pullEnded(_ scope: String) { pullEnds.append(scope) }
    func store(_ entries: [OutboxEntry<Note>]) { for entry in entries { outbox[entry.operationID] = entry } }
    func remove(_ ids: [UUID]) { for id in ids { outbox[id] = nil } }
    func sorted() -> [OutboxEntry<Note>] { outbox.values.sorted { $0.sequence < $1.sequence } }

    func push(_ entries: [OutboxEntry<Note>]) throws -> [UUID: OutboxPushOutcome<Never>] {
        calls += 1
        if calls == failingCallNumber { throw RemoteSyncError.transient("call \(calls) fails") }
        if failingCalls > 0 {
            failingCalls -= 1
            throw RemoteSyncError.transient("injected failure")
        }
        if entries.contains(where: { poisoned.contains($0.payload.entity) }) {
            throw RemoteSyncError.permanent("poisoned batch")
        }
        let answered = entries.filter { !unanswered.contains($0.payload.entity) }
        remote += answered.map(\.payload.entity)
        return Dictionary(uniqueKeysWithValues: answered.map { ($0.operationID, .applied) })
    }
}

private struct NoteAdapter: OutboxSyncAdapter {
    let state: NoteAdapterState

    func entityID(of entry: OutboxEntry<Note>) -> String { entry.payload.entity }
    func dueEntries(at now: Date, limit: Int) async throws -> [OutboxEntry<Note>] {
        Array(await state.sorted().filter { $0.isDue(at: now) }.prefix(limit))
    }
    func pendingEntries(limit: Int) async throws -> [OutboxEntry<Note>] {
        Array(await state.sorted().filter { !$0.isQuarantined }.prefix(limit))
    }
    func quarantinedEntries() async throws -> [OutboxEntry<Note>] { await state.sorted().filter(\.isQuarantined) }
    func outboxCount() async throws -> Int { await state.outbox.count }
    func pullCursor(of scope: String) async throws -> Int64? { nil }
    func push(_ entries: [OutboxEntry<Note>]) async throws -> [UUID: OutboxPushOutcome<Never>] {
        try await state.push(entries)
    }
    func changes(of scope: String, after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<String> {
        let next = (cursor ?? 0) + 1
        if await state.failingFetch == Int(next) { throw RemoteSyncError.transient("page \(next) is not served") }
        guard next <= Int64(await state.remotePages) else { return OutboxChangePage(changes: [], cursor: cursor, hasMore: false) }
        return OutboxChangePage(changes: ["c\(next)"], cursor: next, hasMore: next < Int64(await state.remotePages))
    }
    func settle(_ round: OutboxRound<Note, Never>) async throws -> OutboxSettlement<String> {
        await state.settled()
        await state.remove(round.acknowledged.map(\.operationID))
        await state.store(round.failures.map(\.updated))
        return OutboxSettlement()
    }
    func adopt(_ page: OutboxChangePage<String>, of scope: String, acknowledged: [String: Note]) async throws -> Int {
        guard let cursor = page.cursor, !page.changes.isEmpty else { return 0 }
        try await state.adopt(Int(cursor))
        return page.changes.count
    }
    func pullEnded(_ scope: String) async { await state.pullEnded(scope) }
    func requeue(_ entries: [OutboxEntry<Note>]) async throws { await state.store(entries) }
    func discard(_ entries: [OutboxEntry<Note>], reason: String) async throws { await state.remove(entries.map(\.operationID)) }
}

@Suite("OutboxSyncEngine")
struct OutboxSyncEngineTests {
    private static func entries(_ count: Int) -> [OutboxEntry<Note>] {
        (0..<count).map {
            OutboxEntry(
                operationID: UUID(), entityID: "n\($0)", sequence: Int64($0 + 1), payload: Note(entity: "n\($0)"),
                enqueuedAt: Date(timeIntervalSinceReferenceDate: 0))
        }
    }

    @Test("a whole call refused for one operation is split until only that operation is quarantined", arguments: [1, 2, 7, 16])
    func isolatesPoisonedOperations(_ count: Int) async throws {
        let state = NoteAdapterState()
        await state.seed(Self.entries(count))
        let poisoned = "n\(count / 2)"
        await state.poison([poisoned])
        let engine = OutboxSyncEngine(
            adapter: NoteAdapter(state: state), gate: SerialGate(),
            configuration: OutboxSyncConfiguration(limits: OutboxSyncLimits(pushBatchSize: 16)),
            clock: InventoryClock { Date(timeIntervalSinceReferenceDate: 10) }, random: .constant(0.5))
        let report = try await engine.sync(scopes: [])
        #expect(report.pushed == count - 1 && report.quarantined == 1 && report.stoppedBy == nil)
        #expect(await Set(state.remote) == Set((0..<count).map { "n\($0)" }).subtracting([poisoned]))
        let quarantined = try await engine.quarantined()
        #expect(quarantined.map(\.entry.payload.entity) == [poisoned])
        #expect(quarantined.first?.lastError.contains("poisoned batch") == true)
        // Splitting costs at most two calls per level of the halving.
        #expect(await state.calls <= 1 + 2 * Int(ceil(log2(Double(max(count, 2))))))
    }

    /// An engine over `state` whose retries wait 100 s (`random` at 1: the whole ceiling), at a fixed time.
    private static func backoffEngine(_ state: NoteAdapterState, batch: Int = 100) -> OutboxSyncEngine<NoteAdapter> {
        OutboxSyncEngine(
            adapter: NoteAdapter(state: state), gate: SerialGate(),
            configuration: OutboxSyncConfiguration(
                retryPolicy: RetryPolicy(baseDelay: 100, maxDelay: 100, maxAttempts: 10),
                limits: OutboxSyncLimits(pushBatchSize: batch)),
            clock: InventoryClock { Date(timeIntervalSinceReferenceDate: 10) }, random: .constant(1))
    }

    @Test("an explicit pass pushes every waiting operation before its backoff has run out; an automatic one waits", arguments: [2, 100])
    func explicitPassIgnoresBackoff(_ batch: Int) async throws {
        let state = NoteAdapterState()
        await state.seed(Self.entries(5))
        let engine = Self.backoffEngine(state, batch: batch)
        await state.failNextCalls(1)
        let failed = try await engine.sync(scopes: [])
        #expect(failed.failed == min(batch, 5) && failed.stoppedBy != nil && failed.remaining == 5)
        // Never-sent operations are due now; the failed ones 100 s later.
        #expect(try await engine.nextRetryDate() == Date(timeIntervalSinceReferenceDate: batch < 5 ? 10 : 110))

        let automatic = try await engine.sync(scopes: [])
        let waiting = min(batch, 5)
        #expect(automatic.pushed == 5 - waiting && automatic.remaining == waiting, "only what never failed is due")
        let explicit = try await engine.sync(scopes: [], trigger: .explicit)
        #expect(explicit.pushed == waiting && explicit.failed == 0 && explicit.remaining == 0)
        #expect(await state.remote.sorted() == (0..<5).map { "n\($0)" })
    }

    @Test("an explicit pass sends each operation once, leaves quarantine alone, and stops at a failed call")
    func explicitPassBounds() async throws {
        let state = NoteAdapterState()
        var entries = Self.entries(4)
        entries[3].isQuarantined = true
        await state.seed(entries)
        await state.leaveUnanswered(["n1"])
        let engine = Self.backoffEngine(state, batch: 2)
        let first = try await engine.sync(scopes: [], trigger: .explicit)
        #expect(first.pushed == 2 && first.failed == 1 && first.remaining == 2)
        #expect(await state.calls == 2, "n1, unanswered, is not sent again in the same pass")
        #expect(try await engine.quarantined().map(\.entry.payload.entity) == ["n3"])

        // The next explicit pass sends n1 again, although its retry is 100 s away; a failed call stops it.
        await state.failNextCalls(1)
        let stopped = try await engine.sync(scopes: [], trigger: .explicit)
        #expect(stopped.failed == 1 && stopped.stoppedBy != nil && stopped.remaining == 2)
        #expect(await state.calls == 3)
        await state.leaveUnanswered([])
        let again = try await engine.sync(scopes: [], trigger: .explicit)
        #expect(again.pushed == 1 && again.remaining == 1 && again.quarantined == 0)
        #expect(try await engine.quarantined().map(\.entry.payload.entity) == ["n3"], "still quarantined, never pushed")
        #expect(await !state.remote.contains("n3"))
    }

    @Test("a pull ends with one pullEnded per scope that adopted pages, also when an adoption fails", arguments: [nil, 1, 3])
    func pullEndsOnce(_ failingAdoption: Int?) async throws {
        let state = NoteAdapterState()
        await state.serve(pages: 4, failingAdoption: failingAdoption)
        // One page a commit, so the adoption of page 3 is a call of its own.
        let engine = OutboxSyncEngine(
            adapter: NoteAdapter(state: state), gate: SerialGate(),
            configuration: OutboxSyncConfiguration(limits: OutboxSyncLimits(pullCommitSize: 1)))
        if failingAdoption == nil {
            let report = try await engine.sync(scopes: ["feed"])
            #expect(report.pulled == 4)
        } else {
            await #expect(throws: CancellationError.self) { try await engine.sync(scopes: ["feed"]) }
        }
        #expect(await state.adopted == Array(1..<(failingAdoption ?? 5)))
        #expect(await state.pullEnds == ["feed"])
    }

    @Test("a round sends its operations in calls of the batch size and settles them in one commit; a failed call leaves the later calls' operations as they were", arguments: [nil, 2])
    func roundsShareCommits(_ failingCall: Int?) async throws {
        let state = NoteAdapterState()
        await state.seed(Self.entries(7))
        if let failingCall { await state.failCall(number: failingCall) }
        let engine = OutboxSyncEngine(
            adapter: NoteAdapter(state: state), gate: SerialGate(),
            configuration: OutboxSyncConfiguration(
                retryPolicy: RetryPolicy(baseDelay: 100, maxDelay: 100, maxAttempts: 10),
                limits: OutboxSyncLimits(pushBatchSize: 2, pushCommitSize: 6)),
            clock: InventoryClock { Date(timeIntervalSinceReferenceDate: 10) }, random: .constant(1))
        let report = try await engine.sync(scopes: [])
        let (waiting, calls, settles) = (await state.sorted(), await state.calls, await state.settles)
        if failingCall == nil {
            #expect(report.pushed == 7 && report.remaining == 0)
            #expect(calls == 4 && settles == 2, "rounds of 6 and 1, in calls of 2, 2, 2 and 1")
        } else {
            // Call 1 (n0, n1) applied, call 2 (n2, n3) failed and is charged, call 3 (n4, n5) never sent, n6 never read.
            #expect(report.pushed == 2 && report.failed == 2 && report.remaining == 5)
            #expect(calls == 2 && settles == 1)
            #expect(waiting.filter { $0.attempts == 1 }.map(\.payload.entity) == ["n2", "n3"])
            #expect(waiting.filter { $0.attempts == 0 }.map(\.payload.entity) == ["n4", "n5", "n6"])
        }
    }

    @Test("pulled pages are adopted together up to the commit size; a failed call still adopts the pages fetched before it", arguments: [nil, 5])
    func pagesShareCommits(_ failingFetch: Int?) async throws {
        let state = NoteAdapterState()
        await state.serve(pages: 10, failingFetch: failingFetch)
        let engine = OutboxSyncEngine(
            adapter: NoteAdapter(state: state), gate: SerialGate(),
            configuration: OutboxSyncConfiguration(limits: OutboxSyncLimits(pullPageSize: 1, pullCommitSize: 3)))
        let report = try await engine.sync(scopes: ["feed"])
        if failingFetch == nil {
            #expect(await state.adopted == [3, 6, 9, 10], "each adoption names the last page it holds")
            #expect(report.pulled == 10 && report.pullFailures.isEmpty)
        } else {
            #expect(await state.adopted == [3, 4], "page 4, fetched before the failed call of page 5, is adopted")
            #expect(report.pulled == 4 && report.pullFailures.count == 1)
        }
        #expect(await state.pullEnds == ["feed"])
    }

    @Test("the serial gate runs overlapping work one piece at a time, in arrival order")
    func gateSerializes() async throws {
        let gate = SerialGate()
        let log = GateLog()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    await gate.run {
                        await log.enter(index)
                        await Task.yield()
                        await log.leave()
                    }
                }
            }
        }
        #expect(await log.maximumInside == 1)
        #expect(await log.entered.count == 200)
    }

    @Test("overlapping first calls of a sequencer read the store once and never hand out a number twice")
    func sequencerIsUnique() async throws {
        let reads = GateLog()
        let sequencer = OutboxSequencer {
            await reads.enter(0)
            try await Task.sleep(nanoseconds: 1_000_000)
            return 41
        }
        let numbers = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for count in 1...50 { group.addTask { Array(try await sequencer.next(count % 3 + 1)) } }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(numbers).count == numbers.count)
        #expect(numbers.min() == 42)
        #expect(await reads.entered.count == 1)
    }
}

/// Records how many pieces of work were inside a gate at once.
private actor GateLog {
    private(set) var entered: [Int] = []
    private(set) var maximumInside = 0
    private var inside = 0

    func enter(_ index: Int) {
        entered.append(index)
        inside += 1
        maximumInside = max(maximumInside, inside)
    }

    func leave() { inside -= 1 }
}
