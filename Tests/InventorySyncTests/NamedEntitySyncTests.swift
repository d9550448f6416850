import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import Testing

/// Named entities synced between devices through a remote: one record per key whatever the spelling, every change
/// pushed once, joins that end identical on every device.
@Suite("NamedEntitySync: categories created on several devices converge")
struct NamedEntitySyncTests {
    /// A device: its own store and its sync, on a shared remote, with push only when asked.
    struct Device {
        let storage = InMemoryStorageProvider()
        let sync: NamedEntitySync

        init(remote: any NamedEntityRemoteGateway, clock: ManualClock) {
            sync = NamedEntitySync(
                storage: storage, remote: remote,
                configuration: OutboxSyncConfiguration(retryPolicy: RetryPolicy(baseDelay: 0, maxDelay: 0, maxAttempts: 1_000), writePolicy: .localThenEnqueue), clock: clock.clock)
        }

        var categories: NamedEntityRepository { sync.repository(for: .category) }

        func records() async throws -> [NamedEntity] {
            try await categories.allEntities(includingRetired: true).sorted { RecordID($0.id) < RecordID($1.id) }
        }
    }

    /// Syncs every device in turn until a round pushes nothing and every outbox is empty.
    func syncUntilQuiet(_ devices: [Device]) async throws {
        for _ in 0..<10 {
            var pushed = 0
            for device in devices { pushed += try await device.sync.sync().pushed }
            var waiting = 0
            for device in devices { waiting += try await device.sync.pendingCount() }
            if pushed == 0 && waiting == 0 { return }
        }
        Issue.record("the devices still push after 10 rounds")
    }

    @Test("an explicit sync pushes every waiting change before its backoff has run out; an automatic one waits")
    func explicitSyncIgnoresBackoff() async throws {
        let remote = InMemoryNamedEntityRemote()
        let sync = NamedEntitySync(
            storage: InMemoryStorageProvider(), remote: remote,
            configuration: OutboxSyncConfiguration(
                retryPolicy: RetryPolicy(baseDelay: 60, maxDelay: 60), writePolicy: .localThenEnqueue),
            clock: ManualClock().clock, random: .constant(1))
        for name in ["Dairy", "Bakery", "Produce"] { _ = try await sync.repository(for: .category).getOrCreate(name) }
        await remote.setReachable(false)
        let failed = try await sync.sync()
        #expect(failed.failed == 3 && failed.remaining == 3)
        await remote.setReachable(true)

        let automatic = try await sync.sync()
        #expect(automatic.pushed == 0 && automatic.remaining == 3, "each retry is 60 s away")
        let explicit = try await sync.sync(trigger: .explicit)
        #expect(explicit.pushed == 3 && explicit.remaining == 0)
        #expect(await remote.allRecords.map(\.displayName).sorted() == ["Bakery", "Dairy", "Produce"])
    }

    @Test("one category typed three ways on two offline devices ends as one record with every spelling, on both")
    func spellingsConverge() async throws {
        let clock = ManualClock()
        let remote = InMemoryNamedEntityRemote()
        let phone = Device(remote: remote, clock: clock)
        let tablet = Device(remote: remote, clock: clock)
        let first = try #require(try await phone.categories.getOrCreate("Dairy").entity)
        clock.advance(by: 60)
        let second = try #require(try await tablet.categories.getOrCreate("  dairy").entity)
        _ = try await tablet.categories.getOrCreate("DAIRY")
        #expect(first.id == second.id, "a unique kind's record has its key's id on every device")
        let waiting = try await tablet.sync.pendingCount()
        #expect(waiting == 2, "the creation and the alias each wait in the outbox")

        try await syncUntilQuiet([phone, tablet, phone])
        let onPhone = try await phone.records()
        let onTablet = try await tablet.records()
        #expect(onPhone == onTablet)
        let record = try #require(onPhone.first)
        #expect(onPhone.count == 1 && record.displayName == "Dairy" && record.aliases == ["DAIRY", "dairy"])
        let onRemote = await remote.allRecords
        #expect(onRemote == onPhone)
    }

    @Test("many overlapping creations and syncs on three devices end identical: one record a key, every spelling kept, outboxes empty")
    func overlappingCallsConverge() async throws {
        let clock = ManualClock()
        let remote = InMemoryNamedEntityRemote()
        let devices = (0..<3).map { _ in Device(remote: remote, clock: clock) }
        let names = ["Produce", "PRODUCE", "produce ", "Frozen", "frozen", "Snacks", "SNACKS", "Bakery", "bakery", "Drinks"]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<120 {
                let device = devices[index % devices.count]
                group.addTask {
                    if index % 7 == 0 {
                        _ = try await device.sync.sync()
                    } else {
                        _ = try await device.categories.getOrCreate(names[(index * 3) % names.count])
                    }
                }
            }
            try await group.waitForAll()
        }
        try await syncUntilQuiet(devices)
        let expected = try await devices[0].records()
        for device in devices {
            let records = try await device.records()
            #expect(records == expected)
        }
        let onRemote = await remote.allRecords
        #expect(onRemote == expected)
        #expect(expected.count == 5, "one record per key: \(expected.map(\.displayName))")
        let spellings = Set(expected.flatMap(\.spellings))
        #expect(Set(names.map(NamedEntity.cleanSpelling)).isSubset(of: spellings), "every spelling typed is kept")
    }

    @Test("a push applied by the remote whose answer was lost is replayed without a second change")
    func lostAnswerReplaysOnce() async throws {
        let clock = ManualClock()
        let remote = InMemoryNamedEntityRemote()
        let flaky = LosesFirstAnswer(remote: remote)
        let phone = Device(remote: flaky, clock: clock)
        let tablet = Device(remote: remote, clock: clock)
        _ = try await phone.categories.getOrCreate("Pantry staples")

        let lost = try await phone.sync.sync()
        let waitingAfterLoss = try await phone.sync.pendingCount()
        #expect(lost.pushed == 0 && lost.failed == 1 && waitingAfterLoss == 1)
        #expect(await remote.allRecords.count == 1, "the remote applied it although the answer was lost")
        let replay = try await phone.sync.sync()
        let waitingAfterReplay = try await phone.sync.pendingCount()
        #expect(replay.pushed == 1 && waitingAfterReplay == 0)
        let feed = try await remote.changes(after: nil, limit: 100)
        #expect(feed.changes.count == 1 && feed.cursor == 1, "one change in the remote's log, not two")
        try await syncUntilQuiet([tablet])
        let onTablet = try await tablet.records()
        let onPhone = try await phone.records()
        #expect(onTablet == onPhone)
    }

    @Test("a record whose key another record holds on the remote is merged into that record on every device")
    func keyConflictMergesIntoTheHolder() async throws {
        let clock = ManualClock()
        let remote = InMemoryNamedEntityRemote()
        let phone = Device(remote: remote, clock: clock)
        let tablet = Device(remote: remote, clock: clock)
        // A kind that keeps records apart locally (random ids) meets a remote that keeps one live record a key.
        let recipes = NamedEntityKind.custom("recipe", namespace: .category, policy: .detectAndAsk)
        let mine = try #require(try await phone.sync.repository(for: recipes).getOrCreate("Lasagne").entity)
        _ = try await phone.sync.sync()
        clock.advance(by: 5)
        let theirs = try #require(try await tablet.sync.repository(for: recipes).getOrCreate("lasagne").entity)
        #expect(mine.id != theirs.id)

        let report = try await tablet.sync.sync()
        #expect(report.conflicts == 1)
        try await syncUntilQuiet([tablet, phone])
        let onTablet = try await tablet.sync.repository(for: recipes).allEntities(includingRetired: true)
        let onPhone = try await phone.sync.repository(for: recipes).allEntities(includingRetired: true)
        #expect(Set(onTablet) == Set(onPhone))
        let live = onPhone.filter(\.isLive)
        #expect(live.map(\.id) == [mine.id] && live.first?.aliases == ["lasagne"])
        #expect(onPhone.first { $0.id == theirs.id }?.mergedInto == mine.id, "the tablet's record is a tombstone into the holder")
    }
    @Test("the in-memory remote pages its feed: each record once, in its latest state, after the cursor")
    func inMemoryRemotePages() async throws {
        let remote = InMemoryNamedEntityRemote()
        let created = Date(timeIntervalSinceReferenceDate: 0)
        let kind = NamedEntityKind.category
        func entry(_ name: String, at seconds: Double) -> NamedEntityOutboxEntry {
            let key = kind.key(for: name)
            let entity = NamedEntity(
                id: kind.id(for: key), kind: kind.name, semanticKey: key, displayName: name,
                createdAt: created.addingTimeInterval(seconds), updatedAt: created.addingTimeInterval(seconds))
            return NamedEntityOutboxEntry(
                operationID: UUID(), entityID: RecordID(entity.id).rawValue, sequence: 1, payload: NamedEntityChange(entity: entity),
                enqueuedAt: created)
        }
        _ = try await remote.push(["Dairy", "Frozen", "Snacks", "Bakery", "Drinks"].enumerated().map { entry($1, at: Double($0)) })
        _ = try await remote.push([entry("DAIRY", at: 10)])  // Dairy changes again: served once, later
        var served: [NamedEntity] = []
        var cursor: Int64?
        var pages = 0
        while true {
            let page = try await remote.changes(after: cursor, limit: 2)
            served += page.changes
            cursor = page.cursor
            pages += 1
            if !page.hasMore { break }
        }
        #expect(served.map(\.displayName) == ["Frozen", "Snacks", "Bakery", "Drinks", "Dairy"] && pages == 3)
        #expect(served.last?.aliases == ["DAIRY"])
        let after = try await remote.changes(after: cursor, limit: 2)
        #expect(after.changes.isEmpty && !after.hasMore && after.cursor == cursor)
    }
}

/// A gateway that applies the first push on the remote, then fails as if the answer was lost on the way back.
private actor LosesFirstAnswer: NamedEntityRemoteGateway {
    let remote: InMemoryNamedEntityRemote
    private var lost = false

    init(remote: InMemoryNamedEntityRemote) { self.remote = remote }

    func push(_ entries: [NamedEntityOutboxEntry]) async throws -> [UUID: OutboxPushOutcome<NamedEntity>] {
        let outcomes = try await remote.push(entries)
        if !lost {
            lost = true
            throw RemoteSyncError.transient("connection reset")
        }
        return outcomes
    }

    func changes(after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<NamedEntity> {
        try await remote.changes(after: cursor, limit: limit)
    }
}
