import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventorySync

/// The checks every `InventoryJournalStore` adapter must pass: journal round trips per household (and whether a
/// household has entries), each entry
/// stored exactly once, atomic commits of entries with their outbox changes, outbox order and removal, a last
/// outbox sequence that outlives the acknowledged entries, the due entries of some households, the quarantined
/// entries, pull cursors per
/// household, pull times (a store may keep none, but one that keeps them must keep them beside the cursors, neither
/// overwriting the other), the journal's tail after an order key, batched id lookups, and checkpoints (a store may
/// keep none, but one that keeps them must save, replace and drop them with its transactions).
///
/// ```swift
/// @Test func myStoreConforms() async {
///     let report = await InventoryStoreConformance { try MyInventoryStore(path: temporaryPath()) }.run()
///     #expect(report.failures == [])
/// }
/// ```
public struct InventoryStoreConformance: Sendable {
    /// Makes a new, empty store for one check.
    public let makeStore: @Sendable () async throws -> any InventoryJournalStore

    /// Creates the suite.
    public init(makeStore: @escaping @Sendable () async throws -> any InventoryJournalStore) {
        self.makeStore = makeStore
    }

    /// The checks, by name.
    public static let checkNames = [
        "journalRoundTrip", "entriesAreStoredOnce", "outboxOrderAndRemoval", "lastSequenceAfterRemoval", "dueOutbox",
        "dueOutboxOfHouseholds", "quarantinedOutbox", "pullCursors", "pullTimes", "journalTail", "storedEntryIDs",
        "checkpoints", "snapshots",
    ]

    /// Runs every check.
    public func run() async -> ConformanceReport {
        var report = ConformanceReport()
        for name in Self.checkNames {
            await report.record(name) {
                let store = try await makeStore()
                switch name {
                case "journalRoundTrip": try await journalRoundTrip(store)
                case "entriesAreStoredOnce": try await entriesAreStoredOnce(store)
                case "outboxOrderAndRemoval": try await outboxOrderAndRemoval(store)
                case "lastSequenceAfterRemoval": try await lastSequenceAfterRemoval(store)
                case "dueOutbox": try await dueOutbox(store)
                case "dueOutboxOfHouseholds": try await dueOutboxOfHouseholds(store)
                case "quarantinedOutbox": try await quarantinedOutbox(store)
                case "journalTail": try await journalTail(store)
                case "storedEntryIDs": try await storedEntryIDs(store)
                case "checkpoints": try await checkpoints(store)
                case "snapshots": try await snapshots(store)
                case "pullTimes": try await pullTimes(store)
                default: try await pullCursors(store)
                }
            }
        }
        return report
    }

    // MARK: - Checks

    private func journalRoundTrip(_ store: any InventoryJournalStore) async throws {
        let check = "journalRoundTrip"
        let home = try HouseholdID("home")
        let cabin = try HouseholdID("cabin/../x")
        let entries = (0..<30).map { InventoryJournalEntry.fixture(number: $0, in: $0 % 3 == 0 ? cabin : home) }
        let hadEntries = try await store.hasEntries(of: home)
        try conformanceCheck(!hadEntries, check, "a new store says the home household has entries")
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        try await store.commit(transaction)
        let (homeHas, cabinHas, elsewhereHas) = (
            try await store.hasEntries(of: home), try await store.hasEntries(of: cabin),
            try await store.hasEntries(of: HouseholdID("elsewhere"))
        )
        try conformanceCheck(homeHas && cabinHas && !elsewhereHas, check,
                             "hasEntries answered home \(homeHas), cabin \(cabinHas), a household without entries \(elsewhereHas)")
        let homeEntries = try await store.entries(of: home)
        let cabinEntries = try await store.entries(of: cabin)
        try conformanceCheck(Set(homeEntries) == Set(entries.filter { $0.householdID == home }), check,
                             "the home journal read back \(homeEntries.count) entries")
        try conformanceCheck(Set(cabinEntries) == Set(entries.filter { $0.householdID == cabin }), check,
                             "the cabin journal read back \(cabinEntries.count) entries")
        let contains = try await store.containsEntry(entries[4].id)
        let missing = try await store.containsEntry(UUID())
        try conformanceCheck(contains && !missing, check, "containsEntry answered wrongly")
    }

    private func entriesAreStoredOnce(_ store: any InventoryJournalStore) async throws {
        let check = "entriesAreStoredOnce"
        let home = try HouseholdID("home")
        let entry = InventoryJournalEntry.fixture(number: 1, in: home)
        var transaction = InventoryLocalTransaction()
        transaction.entries = [entry, entry]
        try await store.commit(transaction)
        try await store.commit(transaction)
        let stored = try await store.entries(of: home)
        try conformanceCheck(stored == [entry], check, "an entry appended three times is stored \(stored.count) times")
    }

    private func outboxOrderAndRemoval(_ store: any InventoryJournalStore) async throws {
        let check = "outboxOrderAndRemoval"
        let home = try HouseholdID("home")
        let entries = (0..<5).map { InventoryJournalEntry.fixture(number: $0, in: home) }
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.outboxEntries = entries.enumerated().reversed().map { index, entry in
            InventoryOutboxEntry.fixture(entry, sequence: index + 1)
        }
        try await store.commit(transaction)
        let pending = try await store.pendingOutbox(limit: 10)
        try conformanceCheck(pending.map(\.operationID) == entries.map(\.id), check, "the outbox is not in sequence order")
        let last = try await store.lastOutboxSequence()
        try conformanceCheck(last == 5, check, "the last outbox sequence is \(last), not 5")
        var acknowledge = InventoryLocalTransaction()
        acknowledge.removedOutboxEntries = [entries[0].id, entries[2].id]
        try await store.commit(acknowledge)
        let remaining = try await store.outboxCount()
        let gone = try await store.outboxEntry(for: entries[0].id)
        let kept = try await store.outboxEntry(for: entries[1].id)
        try conformanceCheck(remaining == 3 && gone == nil && kept != nil, check, "acknowledged outbox entries were not removed")
    }

    /// The last outbox sequence is the highest ever committed: it stays when every entry was acknowledged and
    /// removed, and a later commit of a lower sequence does not lower it.
    private func lastSequenceAfterRemoval(_ store: any InventoryJournalStore) async throws {
        let check = "lastSequenceAfterRemoval"
        let home = try HouseholdID("home")
        let initial = try await store.lastOutboxSequence()
        try conformanceCheck(initial == 0, check, "a new store's last outbox sequence is \(initial), not 0")
        let entries = (1...5).map { InventoryJournalEntry.fixture(number: $0, in: home) }
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.outboxEntries = entries.enumerated().map { InventoryOutboxEntry.fixture($1, sequence: $0 + 1) }
        try await store.commit(transaction)
        var acknowledge = InventoryLocalTransaction()
        acknowledge.removedOutboxEntries = entries.map(\.id)
        try await store.commit(acknowledge)
        let count = try await store.outboxCount()
        let last = try await store.lastOutboxSequence()
        try conformanceCheck(
            count == 0 && last == 5, check,
            "after removing entries 1...5: \(count) entries left, last outbox sequence \(last), expected 5")
        var lower = InventoryLocalTransaction()
        lower.outboxEntries = [InventoryOutboxEntry.fixture(entries[1], sequence: 2)]
        try await store.commit(lower)
        let afterLower = try await store.lastOutboxSequence()
        try conformanceCheck(afterLower == 5, check, "committing sequence 2 after 5 made the last outbox sequence \(afterLower)")
    }

    /// The quarantined entries, and only those, in enqueue order whatever order they were committed in; an entry
    /// quarantined by a later commit joins them in its place, and pending reads skip them.
    private func quarantinedOutbox(_ store: any InventoryJournalStore) async throws {
        let check = "quarantinedOutbox"
        let home = try HouseholdID("home")
        let none = try await store.quarantinedOutbox()
        try conformanceCheck(none.isEmpty, check, "a new store lists \(none.count) quarantined entries")
        let entries = (1...8).map { InventoryJournalEntry.fixture(number: $0, in: home) }
        let quarantined: Set<Int64> = [2, 6, 7]
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.outboxEntries = entries.enumerated().reversed().map { index, entry in
            InventoryOutboxEntry.fixture(
                entry, sequence: index + 1, quarantined: quarantined.contains(Int64(index + 1)))
        }
        try await store.commit(transaction)
        let listed = try await store.quarantinedOutbox()
        try conformanceCheck(
            listed.map(\.sequence) == [2, 6, 7] && listed.allSatisfy(\.isQuarantined), check,
            "quarantined sequences \(listed.map(\.sequence)), expected [2, 6, 7]")
        try conformanceCheck(
            listed.map(\.operationID) == [entries[1].id, entries[5].id, entries[6].id], check,
            "the quarantined entries are not the ones committed")
        var failed = InventoryLocalTransaction()
        failed.outboxEntries = [InventoryOutboxEntry.fixture(entries[2], sequence: 3, quarantined: true)]
        try await store.commit(failed)
        let after = try await store.quarantinedOutbox().map(\.sequence)
        try conformanceCheck(after == [2, 3, 6, 7], check, "after quarantining sequence 3: \(after), expected [2, 3, 6, 7]")
        let pending = try await store.pendingOutbox(limit: 100).map(\.sequence)
        try conformanceCheck(pending == [1, 4, 5, 8], check, "pending sequences \(pending), expected [1, 4, 5, 8]")
    }

    /// Due entries skip waiting and quarantined ones, come in enqueue order, and are found behind any number of
    /// waiting ones.
    private func dueOutbox(_ store: any InventoryJournalStore) async throws {
        let check = "dueOutbox"
        let home = try HouseholdID("home")
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let entries = (1...29).map { InventoryJournalEntry.fixture(number: $0, in: home) }
        try await store.commit(Self.enqueued(entries) { sequence in
            (sequence <= 25 ? now + 60 : sequence == 28 ? now - 1 : sequence == 29 ? now : nil, sequence == 26)
        })
        let expectations: [(Date, Int, [Int64])] = [
            (now, 10, [27, 28, 29]), (now, 2, [27, 28]), (now + 61, 3, [1, 2, 3]), (now - 2, 5, [27]),
        ]
        for (at, limit, expected) in expectations {
            let due = try await store.dueOutbox(at: at, limit: limit).map(\.sequence)
            try conformanceCheck(
                due == expected, check,
                "due at +\(at.timeIntervalSince(now)) s, limit \(limit): \(due), expected \(expected)")
        }
    }

    /// The due entries of some households: only theirs, in enqueue order, waiting and quarantined ones skipped.
    private func dueOutboxOfHouseholds(_ store: any InventoryJournalStore) async throws {
        let check = "dueOutboxOfHouseholds"
        let home = try HouseholdID("home")
        let cabin = try HouseholdID("cabin")
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        // Odd sequences are home's, even ones the cabin's; 3 waits for a retry, 6 is quarantined.
        let entries = (1...8).map { InventoryJournalEntry.fixture(number: $0, in: $0 % 2 == 1 ? home : cabin) }
        try await store.commit(Self.enqueued(entries) { sequence in (sequence == 3 ? now + 60 : nil, sequence == 6) })
        let expectations: [(Set<HouseholdID>, Int, [Int64])] = [
            ([home], 10, [1, 5, 7]), ([home], 2, [1, 5]), ([cabin], 10, [2, 4, 8]), ([home, cabin], 4, [1, 2, 4, 5]),
            ([try HouseholdID("elsewhere")], 10, []),
        ]
        for (households, limit, expected) in expectations {
            let due = try await store.dueOutbox(at: now, limit: limit, households: households).map(\.sequence)
            let names = households.map(\.rawValue).sorted()
            try conformanceCheck(due == expected, check, "due of \(names), limit \(limit): \(due), expected \(expected)")
        }
    }

    private func pullCursors(_ store: any InventoryJournalStore) async throws {
        let check = "pullCursors"
        let home = try HouseholdID("home")
        let cabin = try HouseholdID("cabin")
        let initial = try await store.pullCursor(of: home)
        try conformanceCheck(initial == nil, check, "a new store has a pull cursor")
        var transaction = InventoryLocalTransaction()
        transaction.pullCursor = (home, 42)
        try await store.commit(transaction)
        transaction.pullCursor = (cabin, 7)
        try await store.commit(transaction)
        let homeCursor = try await store.pullCursor(of: home)
        let cabinCursor = try await store.pullCursor(of: cabin)
        try conformanceCheck(homeCursor == 42 && cabinCursor == 7, check, "cursors read back \(String(describing: homeCursor)), \(String(describing: cabinCursor))")
    }

    private func pullTimes(_ store: any InventoryJournalStore) async throws {
        let check = "pullTimes"
        let home = try HouseholdID("home")
        let cabin = try HouseholdID("cabin")
        let first = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let later = first.addingTimeInterval(3_600)
        let initial = try await store.lastPullTime(of: home)
        try conformanceCheck(initial == nil, check, "a new store has a pull time")
        var transaction = InventoryLocalTransaction()
        transaction.pullCursor = (home, 42)
        try await store.commit(transaction)
        transaction = InventoryLocalTransaction()
        transaction.pullTime = (home, first)
        try await store.commit(transaction)
        // A store that keeps no pull times answers nil, and its cursors are unchanged.
        let kept = try await store.lastPullTime(of: home)
        let cursor = try await store.pullCursor(of: home)
        try conformanceCheck(cursor == 42, check, "a pull time changed the pull cursor to \(String(describing: cursor))")
        guard let kept else { return }
        try conformanceCheck(kept == first, check, "the pull time read back \(kept), expected \(first)")
        transaction = InventoryLocalTransaction()
        transaction.pullCursor = (home, 43)
        try await store.commit(transaction)
        let afterCursor = try await store.lastPullTime(of: home)
        try conformanceCheck(afterCursor == first, check, "a new cursor changed the pull time to \(String(describing: afterCursor))")
        transaction = InventoryLocalTransaction()
        transaction.pullTime = (cabin, later)
        try await store.commit(transaction)
        let cabinTime = try await store.lastPullTime(of: cabin)
        let cabinCursor = try await store.pullCursor(of: cabin)
        let homeTime = try await store.lastPullTime(of: home)
        try conformanceCheck(
            cabinTime == later && cabinCursor == nil && homeTime == first, check,
            "a pull time without a cursor read back \(String(describing: cabinTime)), cursor \(String(describing: cabinCursor)), other household \(String(describing: homeTime))")
    }

    private func journalTail(_ store: any InventoryJournalStore) async throws {
        let check = "journalTail"
        let home = try HouseholdID("home")
        let cabin = try HouseholdID("cabin")
        // Entries sharing a `recordedAt` order by replica, then id: the tail must follow the whole key.
        let entries = (0..<24).map { index in
            InventoryJournalEntry.fixture(
                number: index, in: index % 4 == 3 ? cabin : home, recordedAt: .fixtureEpoch + Double(index / 3),
                replica: index % 2 == 0 ? "a" : "b")
        }
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        try await store.commit(transaction)
        let homeEntries = entries.filter { $0.householdID == home }
        for pivot in homeEntries {
            let tail = try await store.entries(of: home, after: pivot.orderKey)
            let expected = Set(homeEntries.filter { pivot.orderKey < $0.orderKey })
            try conformanceCheck(Set(tail) == expected && tail.count == expected.count, check,
                                 "after \(pivot.id): \(tail.count) entries, expected \(expected.count)")
        }
    }

    private func storedEntryIDs(_ store: any InventoryJournalStore) async throws {
        let check = "storedEntryIDs"
        let home = try HouseholdID("home")
        let entries = (0..<6).map { InventoryJournalEntry.fixture(number: $0, in: home) }
        var transaction = InventoryLocalTransaction()
        transaction.entries = Array(entries.prefix(4))
        try await store.commit(transaction)
        let stored = try await store.storedEntryIDs(among: entries.map(\.id) + [entries[0].id])
        try conformanceCheck(stored == Set(entries.prefix(4).map(\.id)), check, "answered \(stored.count) of 4 stored ids")
        let none = try await store.storedEntryIDs(among: [])
        try conformanceCheck(none.isEmpty, check, "no ids answered \(none)")
    }

    private func checkpoints(_ store: any InventoryJournalStore) async throws {
        let check = "checkpoints"
        let home = try HouseholdID("home")
        let cabin = try HouseholdID("cabin")
        let entries = (0..<8).map { InventoryJournalEntry.fixture(number: $0, in: $0 < 6 ? home : cabin) }
        func checkpoint(of household: HouseholdID, through count: Int) throws -> InventoryCheckpoint {
            let state = InventoryProjector.project(entries.filter { $0.householdID == household }.prefix(count))
            guard let checkpoint = try InventoryCheckpoint(state: state, of: household) else {
                throw ConformanceFailure(check: check, message: "an empty state made a checkpoint")
            }
            return checkpoint
        }
        let first = try checkpoint(of: home, through: 2)
        let second = try checkpoint(of: home, through: 5)
        let other = try checkpoint(of: cabin, through: 2)
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.checkpoints = [first, second, other]
        try await store.commit(transaction)
        let marks = Set(try await store.checkpointMarks(of: home))
        if marks.isEmpty {
            // A store without checkpoints: it must not answer one either.
            let none = try await store.checkpoint(first.mark)
            try conformanceCheck(none == nil, check, "no marks but a checkpoint read back")
            return
        }
        try conformanceCheck(marks == [first.mark, second.mark], check, "home marks read back \(marks)")
        let cabinMarks = try await store.checkpointMarks(of: cabin)
        try conformanceCheck(cabinMarks == [other.mark], check, "cabin marks read back \(cabinMarks)")
        let read = try await store.checkpoint(second.mark)
        try conformanceCheck(read?.stateData == second.stateData && read?.mark == second.mark, check, "a checkpoint's state changed")
        let state = try read?.state()
        try conformanceCheck(state?.appliedEntryIDs.count == 5, check, "a checkpoint's state decoded wrongly")

        var drop = InventoryLocalTransaction()
        drop.droppedCheckpoints = [second.mark]
        drop.checkpoints = [first]
        try await store.commit(drop)
        let afterDrop = try await store.checkpointMarks(of: home)
        let dropped = try await store.checkpoint(second.mark)
        try conformanceCheck(afterDrop == [first.mark] && dropped == nil, check, "after a drop and a re-save: \(afterDrop)")
        let cabinAfter = try await store.checkpointMarks(of: cabin)
        try conformanceCheck(cabinAfter == [other.mark], check, "a drop in one household touched another")
    }

    // MARK: - Data

    /// A transaction committing `entries` with their outbox entries, numbered from 1; `schedule` gives an entry's
    /// next attempt (an entry with one has been tried once) and whether it is quarantined, by sequence.
    private static func enqueued(
        _ entries: [InventoryJournalEntry], schedule: (Int) -> (nextAttemptAt: Date?, isQuarantined: Bool)
    ) -> InventoryLocalTransaction {
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.outboxEntries = entries.enumerated().map { index, entry in
            let (nextAttemptAt, isQuarantined) = schedule(index + 1)
            return InventoryOutboxEntry.fixture(
                entry, sequence: index + 1, nextAttemptAt: nextAttemptAt, quarantined: isQuarantined)
        }
        return transaction
    }
}
