import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

private typealias S = ServiceFixtures

/// The inventory on the shared sync engine: quarantine that can be listed, requeued and discarded, a rejected
/// entry isolated from its batch, pull failures reported, an unauthorized device stopped without charge.
@Suite("Inventory sync on the shared engine")
struct InventorySyncEngineTests {
    /// Books four purchases and returns their entry ids in booking order.
    private func fourPurchases(_ device: S.Device) async throws -> [UUID] {
        var ids: [UUID] = []
        for index in 0..<4 {
            ids += try await device.purchase(S.products[index % 3], "1", at: S.pantry).entries.map(\.id)
        }
        return ids
    }

    @Test("a batch rejected for one entry quarantines that entry only; requeued, it syncs")
    func rejectedEntryIsIsolated() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        try await device.setUpHousehold()
        try await device.service.syncPending(households: [S.home])
        let ids = try await fourPurchases(device)
        await remote.rejectBatches(containing: [ids[2]], reason: "unknown product")

        let report = try await device.service.syncPending(households: [S.home])
        #expect(report.pushed == 3 && report.quarantined == 1 && report.failed == 0)
        #expect(Set(await remote.entries(of: S.home).map(\.id)).isSuperset(of: [ids[0], ids[1], ids[3]]))
        #expect(await !remote.entries(of: S.home).map(\.id).contains(ids[2]))
        let quarantined = try await device.service.quarantinedEntries()
        #expect(quarantined.map(\.operationID) == [ids[2]])
        #expect(quarantined.first?.lastError.contains("unknown product") == true)
        #expect(try await device.service.syncStatus(ofEntry: ids[2])?.kind == .failed)

        await remote.clearFaults()
        #expect(try await device.service.requeueQuarantined() == 1)
        #expect(try await device.service.quarantinedEntries().isEmpty)
        let again = try await device.service.syncPending(households: [S.home])
        #expect(again.pushed == 1 && again.remaining == 0)
        #expect(await remote.entries(of: S.home).map(\.id).contains(ids[2]))
        #expect(try await device.service.syncStatus(ofEntry: ids[2]) == .synced)
    }

    @Test("a discarded entry leaves the outbox with its reason and is never pushed")
    func discardWithReason() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        try await device.setUpHousehold()
        try await device.service.syncPending(households: [S.home])
        let bad = try await device.purchase(S.products[0], "1", at: S.pantry).entries.map(\.id)
        await remote.rejectBatches(containing: Set(bad))
        let stream = await device.service.events()
        try await device.service.syncPending(households: [S.home])
        #expect(try await device.service.discardQuarantined(Set(bad), reason: "booked by mistake") == 1)
        #expect(try await device.service.pendingCount() == 0)
        await remote.clearFaults()
        try await device.service.syncPending(households: [S.home])
        #expect(await !remote.entries(of: S.home).map(\.id).contains(bad[0]))
        var discarded: [(UUID, String)] = []
        for await event in stream {
            if case .discarded(let operation, let reason) = event { discarded.append((operation.entityID, reason)) }
            if case .completed = event, !discarded.isEmpty { break }
        }
        #expect(discarded.map(\.0) == bad && discarded.map(\.1) == ["booked by mistake"])
    }

    @Test("a failed pull is an event and a field of the report, and the other households still pull")
    func pullFailureIsReported() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        let cabin = try HouseholdID("cabin")
        let stream = await device.service.events()
        await remote.failNextCalls(1)
        let report = try await device.service.syncPending(households: [S.home, cabin])
        #expect(report.pullFailures[S.home] == .transient("injected failure"))
        #expect(report.pullFailures[cabin] == nil)
        for await event in stream {
            if case .pullFailed(let scope, let error) = event {
                #expect(scope == S.home && error.category == .transient)
                break
            }
        }
    }

    @Test("an unauthorized device stops the pass and no entry is charged an attempt")
    func unauthorizedStops() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        try await device.setUpHousehold()
        await remote.failNextCalls(1, with: .unauthorized("device revoked"))
        let report = try await device.service.syncPending(households: [S.home])
        #expect(report.wasUnauthorized && report.pushed == 0 && report.failed == 0 && report.pullFailures.isEmpty)
        let waiting = try await device.service.store.pendingOutbox(limit: 100)
        #expect(waiting.count == 5 && waiting.allSatisfy { $0.attempts == 0 && $0.nextAttemptAt == nil })
        let loop = try await device.service.runRetryLoop(households: [S.home]) { _ in }
        #expect(loop.pushed == 5 && !loop.wasUnauthorized)
    }

    @Test("the retry loop pushes failed entries when they are due, without a new local write")
    func retryLoopFires() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        try await device.setUpHousehold()
        await remote.failNextCalls(3)
        let clock = device.clock
        let sleeps = SleepCounter()
        let report = try await device.service.runRetryLoop(households: [S.home]) { seconds in
            sleeps.add(seconds)
            clock.advance(by: seconds)
        }
        // Each entry draws its own jitter, so the five come due (and are pushed) at up to five different times.
        #expect(report.remaining == 0)
        #expect(sleeps.count >= 3 && sleeps.maximum <= 8)
        #expect(try await device.service.nextRetryDate() == nil)
        #expect(await remote.entries(of: S.home).count == 5)
    }

    @Test("an explicit sync pushes every waiting entry before its backoff has run out; an automatic one waits")
    func explicitSyncIgnoresBackoff() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        try await device.setUpHousehold()
        await remote.failNextCalls(1)
        let failed = try await device.service.syncPending(households: [S.home])
        #expect(failed.failed == 5 && failed.remaining == 5)

        let automatic = try await device.service.syncPending(households: [S.home])
        #expect(automatic.pushed == 0 && automatic.remaining == 5, "no retry is due: the clock has not moved")
        let explicit = try await device.service.syncPending(households: [S.home], trigger: .explicit)
        #expect(explicit.pushed == 5 && explicit.failed == 0 && explicit.remaining == 0)
        #expect(await remote.entries(of: S.home).count == 5)
        #expect(try await device.service.nextRetryDate() == nil)
    }

    @Test("a sync naming households pushes only their entries; the others wait, uncharged, for their own sync")
    func syncOfSomeHouseholdsPushesOnlyTheirs() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        let cabin = try HouseholdID("cabin")
        try await device.setUpHousehold()
        try await device.service.perform(.createHousehold(name: "Cabin"), in: cabin)
        try await device.service.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: cabin)

        let report = try await device.service.syncPending(households: [cabin])
        #expect(report.pushed == 2 && report.failed == 0 && report.quarantined == 0 && report.remaining == 5)
        #expect(await remote.entries(of: cabin).count == 2)
        #expect(await remote.entries(of: S.home).isEmpty)
        let waiting = try await device.service.store.pendingOutbox(limit: 100)
        #expect(waiting.count == 5 && waiting.allSatisfy { $0.entityID == S.home.rawValue && $0.attempts == 0 })

        let loop = try await device.service.runRetryLoop(households: [S.home]) { _ in }
        #expect(loop.pushed == 5 && loop.remaining == 0)
        #expect(await remote.entries(of: S.home).count == 5)
    }

    @Test("pull events count each household's entries, not a running total")
    func pulledCountsPerHousehold() async throws {
        let remote = InMemoryInventoryRemote()
        let writer = S.Device("w", remote: remote)
        let reader = S.Device("r", remote: remote)
        let cabin = try HouseholdID("cabin")
        try await writer.setUpHousehold()
        try await writer.service.perform(.createHousehold(name: "Cabin"), in: cabin)
        try await writer.service.syncPending(households: [S.home, cabin])
        let stream = await reader.service.events()
        let report = try await reader.service.syncPending(households: [S.home, cabin])
        #expect(report.pulled == 6)
        var pulled: [HouseholdID: Int] = [:]
        for await event in stream {
            if case .pulled(let scope, let count) = event { pulled[scope] = count }
            if case .completed = event { break }
        }
        #expect(pulled == [S.home: 5, cabin: 1])
    }
}

/// Counts the sleeps a retry loop asked for.
final class SleepCounter: @unchecked Sendable {
    // @unchecked: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [TimeInterval] = []

    func add(_ seconds: TimeInterval) { lock.withLock { values.append(seconds) } }
    var count: Int { lock.withLock { values.count } }
    var maximum: TimeInterval { lock.withLock { values.max() ?? 0 } }
}
