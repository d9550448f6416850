import Foundation
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

@Suite("Read freshness: a stale household is pulled before it answers, when online")
struct InventoryReadFreshnessTests {
    typealias S = ServiceFixtures

    @Test("localThenRemoteIfStale pulls a stale household before answering; fresh or offline reads stay local")
    func staleReadsRefresh() async throws {
        let remote = InMemoryInventoryRemote()
        let phone = S.Device("phone", remote: remote, seed: 5)
        try await phone.setUpHousehold()
        try await phone.service.syncPending()
        let tablet = S.Device(
            "tablet", remote: remote,
            strategy: InventorySyncStrategy(
                writePolicy: .localThenEnqueue, readPolicy: .localThenRemoteIfStale(staleAfter: 3_600)),
            seed: 6)
        // Never pulled: the first read pulls the household.
        #expect(try await tablet.service.state(of: S.home).households[S.home] != nil)

        _ = try await phone.purchase(S.products[0], "2", at: S.fridge)
        try await phone.service.syncPending()
        // Pulled a moment ago: the read answers locally.
        #expect(try await tablet.service.state(of: S.home).lots.isEmpty)
        // An hour later the household is stale: the read pulls first.
        tablet.clock.advance(by: 3_601)
        #expect(try await tablet.service.state(of: S.home).lots.count == 1)

        _ = try await phone.purchase(S.products[1], "1", at: S.pantry)
        try await phone.service.syncPending()
        tablet.clock.advance(by: 3_601)
        await tablet.connectivity.set(online: false)
        // Offline: no pull, no error, the local state answers.
        #expect(try await tablet.service.state(of: S.home).lots.count == 1)
    }

    @Test("the default policy is local only: reads never pull")
    func defaultIsLocal() async throws {
        let remote = InMemoryInventoryRemote()
        let phone = S.Device("phone", remote: remote, seed: 7)
        try await phone.setUpHousehold()
        try await phone.service.syncPending()
        let tablet = S.Device("tablet", remote: remote, seed: 8)
        #expect(try await tablet.service.state(of: S.home).households.isEmpty)
    }

    /// A remote that counts the pulls (`changes` calls) it answers.
    actor CountingRemote: InventoryRemoteGateway {
        let base: InMemoryInventoryRemote
        private(set) var pulls = 0

        init(_ base: InMemoryInventoryRemote) { self.base = base }

        func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
            try await base.push(entries)
        }

        func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch {
            pulls += 1
            return try await base.changes(of: household, after: cursor, limit: limit)
        }
    }

    /// A service on `storage` reading through `remote` under `localThenRemoteIfStale(staleAfter: 3_600)`.
    static func tablet(
        storage: InMemoryStorageProvider, remote: CountingRemote, clock: ManualClock
    ) -> InventoryModuleService {
        InventoryModuleService(
            storage: storage, remote: remote,
            strategy: InventorySyncStrategy(
                writePolicy: .localThenEnqueue, readPolicy: .localThenRemoteIfStale(staleAfter: 3_600)),
            replicaID: ReplicaID("tablet"), clock: clock.clock)
    }

    /// A remote holding the standard household, counted.
    static func sharedHousehold() async throws -> CountingRemote {
        let shared = InMemoryInventoryRemote()
        let phone = S.Device("phone", remote: shared, seed: 5)
        try await phone.setUpHousehold()
        try await phone.service.syncPending()
        return CountingRemote(shared)
    }

    @Test("a second service over the same store does not pull within staleAfter of the last pull, and does after it")
    func freshnessOutlivesTheService() async throws {
        let remote = try await Self.sharedHousehold()
        let storage = InMemoryStorageProvider()
        let clock = ManualClock(S.t0)
        #expect(try await Self.tablet(storage: storage, remote: remote, clock: clock).state(of: S.home).households[S.home] != nil)
        let afterFirst = await remote.pulls
        #expect(afterFirst > 0)
        #expect(try await StorageInventoryStore(storage: storage).lastPullTime(of: S.home) == S.t0)

        clock.advance(by: 60)
        _ = try await Self.tablet(storage: storage, remote: remote, clock: clock).state(of: S.home)
        #expect(await remote.pulls == afterFirst)

        clock.advance(by: 3_600)
        let later = Self.tablet(storage: storage, remote: remote, clock: clock)
        _ = try await later.state(of: S.home)
        let afterStale = await remote.pulls
        #expect(afterStale > afterFirst)
        #expect(try await StorageInventoryStore(storage: storage).lastPullTime(of: S.home) == S.t0 + 3_660)
        // The same service, a moment later: fresh.
        _ = try await later.state(of: S.home)
        #expect(await remote.pulls == afterStale)
    }

    @Test("20 overlapping reads of a stale household share one pull")
    func overlappingStaleReadsShareOnePull() async throws {
        let single = try await Self.sharedHousehold()
        _ = try await Self.tablet(storage: InMemoryStorageProvider(), remote: single, clock: ManualClock(S.t0))
            .state(of: S.home)
        let onePull = await single.pulls
        #expect(onePull > 0)

        let remote = try await Self.sharedHousehold()
        let service = Self.tablet(storage: InMemoryStorageProvider(), remote: remote, clock: ManualClock(S.t0))
        let states = try await withThrowingTaskGroup(of: InventoryState.self) { group in
            for _ in 0..<20 { group.addTask { try await service.state(of: S.home) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(await remote.pulls == onePull, "each stale read pulled on its own")
        #expect(states.allSatisfy { $0.households[S.home] != nil })
    }

    @Test("a last pull ahead of the clock (the clock moved back) counts as stale, and the pull records the clock's time")
    func pullInTheFutureIsStale() async throws {
        let remote = try await Self.sharedHousehold()
        let storage = InMemoryStorageProvider()
        let clock = ManualClock(S.t0 + 7_200)
        _ = try await Self.tablet(storage: storage, remote: remote, clock: clock).state(of: S.home)
        let afterFirst = await remote.pulls
        clock.set(S.t0)
        let service = Self.tablet(storage: storage, remote: remote, clock: clock)
        _ = try await service.state(of: S.home)
        #expect(await remote.pulls > afterFirst)
        #expect(try await StorageInventoryStore(storage: storage).lastPullTime(of: S.home) == S.t0)
        let afterSecond = await remote.pulls
        clock.advance(by: 60)
        _ = try await service.state(of: S.home)
        #expect(await remote.pulls == afterSecond)
    }

    @Test("a failed pull records no pull time: the next read pulls again")
    func failedPullIsNotRecorded() async throws {
        let remote = try await Self.sharedHousehold()
        let storage = InMemoryStorageProvider()
        let clock = ManualClock(S.t0)
        await remote.base.failNextCalls(1)
        _ = try await Self.tablet(storage: storage, remote: remote, clock: clock).state(of: S.home)
        #expect(try await StorageInventoryStore(storage: storage).lastPullTime(of: S.home) == nil)
        let afterFailure = await remote.pulls
        _ = try await Self.tablet(storage: storage, remote: remote, clock: clock).state(of: S.home)
        #expect(await remote.pulls > afterFailure)
        #expect(try await StorageInventoryStore(storage: storage).lastPullTime(of: S.home) == S.t0)
    }
}
