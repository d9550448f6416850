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
}
