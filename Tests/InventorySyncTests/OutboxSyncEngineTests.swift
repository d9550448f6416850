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
    var calls = 0

    func seed(_ entries: [OutboxEntry<Note>]) { for entry in entries { outbox[entry.operationID] = entry } }
    /// The remote feed: this many pages of one change each.
    var remotePages = 0
    /// The page whose adoption fails with a local error, if any.
    var failingAdoption: Int?
    var adopted: [Int] = []
    var pullEnds: [String] = []

    func poison(_ entities: Set<String>) { poisoned = entities }
    func serve(pages: Int, failingAdoption: Int? = nil) {
        remotePages = pages
        self.failingAdoption = failingAdoption
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
        if entries.contains(where: { poisoned.contains($0.payload.entity) }) {
            throw RemoteSyncError.permanent("poisoned batch")
        }
        remote += entries.map(\.payload.entity)
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.operationID, .applied) })
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
        guard next <= Int64(await state.remotePages) else { return OutboxChangePage(changes: [], cursor: cursor, hasMore: false) }
        return OutboxChangePage(changes: ["c\(next)"], cursor: next, hasMore: next < Int64(await state.remotePages))
    }
    func settle(_ round: OutboxRound<Note, Never>) async throws -> OutboxSettlement<String> {
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

    @Test("a pull ends with one pullEnded per scope that adopted pages, also when an adoption fails", arguments: [nil, 1, 3])
    func pullEndsOnce(_ failingAdoption: Int?) async throws {
        let state = NoteAdapterState()
        await state.serve(pages: 4, failingAdoption: failingAdoption)
        let engine = OutboxSyncEngine(adapter: NoteAdapter(state: state), gate: SerialGate())
        if failingAdoption == nil {
            let report = try await engine.sync(scopes: ["feed"])
            #expect(report.pulled == 4)
        } else {
            await #expect(throws: CancellationError.self) { try await engine.sync(scopes: ["feed"]) }
        }
        #expect(await state.adopted == Array(1..<(failingAdoption ?? 5)))
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
