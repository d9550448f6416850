import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventorySync

/// An in-process `InventoryRemoteGateway`: a shared, append-only journal per household with the semantics a
/// server must have (idempotent by entry id, a feed in append order) and fault injection.
///
/// ```swift
/// let remote = InMemoryInventoryRemote()
/// await remote.failNextCalls(1)
/// await remote.timeOutAfterApplyingNext(1)
/// ```
public actor InMemoryInventoryRemote: InventoryRemoteGateway {
    private var journals: [HouseholdID: [(sequence: Int64, entry: InventoryJournalEntry)]] = [:]
    private var sequences: [UUID: Int64] = [:]
    private var sequence: Int64 = 0
    private var faults = RemoteFaultInjector()
    private var poisoned: (entries: Set<UUID>, reason: String)?
    private var snapshotPoint: (@Sendable (_ head: Int64) -> Int64)?

    /// How many snapshots ``snapshot(of:atLeast:)`` served.
    public private(set) var servedSnapshots = 0

    /// How many entries were appended (replays do not count).
    public private(set) var appendedCount = 0

    /// Creates an empty remote.
    public init() {}

    /// Every entry of a household, in append order.
    public func entries(of household: HouseholdID) -> [InventoryJournalEntry] {
        (journals[household] ?? []).map(\.entry)
    }

    // MARK: - Snapshots

    /// Makes the remote serve snapshots, as the sync server does: each at the sequence number `point` picks given
    /// the household's head (the head itself by default), raised to what the caller asks for at least. Without
    /// this call the remote serves none and devices pull every entry.
    public func serveSnapshots(at point: @escaping @Sendable (_ head: Int64) -> Int64 = { $0 }) {
        snapshotPoint = point
    }

    // MARK: - Fault injection

    /// Makes the next `count` calls throw `error`.
    public func failNextCalls(_ count: Int, with error: RemoteSyncError = .transient("injected failure")) {
        faults.failNextCalls(count, with: error)
    }

    /// Makes every call fail with probability `probability` from a generator seeded with `seed`.
    public func setFailureProbability(_ probability: Double, seed: UInt64) {
        faults.setFailureProbability(probability, seed: seed)
    }

    /// Takes the remote off the network or back on.
    public func setOffline(_ isOffline: Bool) {
        faults.isOffline = isOffline
    }

    /// Makes the next `count` pushes append and then time out, as when an ACK is lost.
    public func timeOutAfterApplyingNext(_ count: Int) {
        faults.timeOutAfterApplyingNext(count)
    }

    /// Makes the next `count` pushes be delivered twice (and feed pages repeat their first entry).
    public func deliverTwiceNext(_ count: Int) {
        faults.deliverTwiceNext(count)
    }

    /// Makes every push that carries one of `entryIDs` fail as a whole with a permanent error, as a server does
    /// that refuses a batch it cannot accept, until ``clearFaults()``.
    public func rejectBatches(containing entryIDs: Set<UUID>, reason: String = "the batch holds an invalid entry") {
        poisoned = (entryIDs, reason)
    }

    /// Clears every injected fault.
    public func clearFaults() {
        faults.clear()
        poisoned = nil
    }

    // MARK: - InventoryRemoteGateway

    /// Appends entries once each.
    public func push(_ entries: [InventoryJournalEntry]) throws -> [InventoryPushResult] {
        try faults.beginCall()
        if let poisoned, entries.contains(where: { poisoned.entries.contains($0.id) }) {
            throw RemoteSyncError.permanent(poisoned.reason)
        }
        let results = entries.map(append)
        if faults.consumeDuplicateDelivery() { _ = entries.map(append) }
        if faults.consumeTimeoutAfterApplying() { throw RemoteSyncError.timeout }
        return results
    }

    /// A household's entries after a cursor: a binary search of the journal (in sequence order), then the page.
    public func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) throws -> InventoryChangeBatch {
        try faults.beginCall()
        let journal = journals[household] ?? []
        let start = Self.firstIndex(in: journal, after: cursor ?? 0)
        let end = min(journal.count, start + max(1, limit))
        let page = journal[start..<end]
        var entries = page.map(\.entry)
        if let first = entries.first, faults.consumeDuplicateDelivery() { entries.append(first) }
        return InventoryChangeBatch(entries: entries, cursor: page.last?.sequence ?? cursor, hasMore: end < journal.count)
    }

    /// The fold of the household's entries numbered at or below the chosen point, when ``serveSnapshots(at:)`` was
    /// called and the household has entries; `nil` otherwise.
    ///
    /// - Throws: an injected fault, or `RemoteSyncError.transient(_:)` when `seq` is beyond the household's head.
    public func snapshot(of household: HouseholdID, atLeast seq: Int64?) throws -> InventorySnapshot? {
        try faults.beginCall()
        guard let snapshotPoint, let journal = journals[household], let head = journal.last?.sequence else { return nil }
        if let seq, seq > head { throw RemoteSyncError.transient("the journal of \(household) has no entry \(seq) yet") }
        let point = min(head, max(seq ?? 0, snapshotPoint(head)))
        let held = journal.prefix { $0.sequence <= point }
        guard let last = held.last,
            let checkpoint = try InventoryCheckpoint(state: InventoryProjector.project(held.map(\.entry)), of: household)
        else { return nil }
        servedSnapshots += 1
        return InventorySnapshot(seq: last.sequence, checkpoint: checkpoint)
    }

    /// The index of the first entry with a sequence above `sequence` in a journal sorted by sequence.
    private static func firstIndex(in journal: [(sequence: Int64, entry: InventoryJournalEntry)], after sequence: Int64) -> Int {
        var low = 0
        var high = journal.count
        while low < high {
            let middle = (low + high) / 2
            if journal[middle].sequence > sequence { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func append(_ entry: InventoryJournalEntry) -> InventoryPushResult {
        if let known = sequences[entry.id] {
            return InventoryPushResult(entryID: entry.id, outcome: .applied(sequence: known))
        }
        sequence += 1
        appendedCount += 1
        sequences[entry.id] = sequence
        journals[entry.householdID, default: []].append((sequence, entry))
        return InventoryPushResult(entryID: entry.id, outcome: .applied(sequence: sequence))
    }
}
