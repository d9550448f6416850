import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventorySync
import Testing

@Suite("StorageInventoryRemote: household journals kept in any StorageProvider")
struct StorageInventoryRemoteTests {
    typealias S = ServiceFixtures

    @Test("two devices converge through it, and a replayed push appends nothing")
    func twoDevices() async throws {
        let remote = StorageInventoryRemote(storage: InMemoryStorageProvider())
        let strategy = InventorySyncStrategy(writePolicy: .localThenEnqueue)
        let a = InventoryModuleService(storage: InMemoryStorageProvider(), remote: remote, strategy: strategy, replicaID: ReplicaID("a"))
        let b = InventoryModuleService(storage: InMemoryStorageProvider(), remote: remote, strategy: strategy, replicaID: ReplicaID("b"))
        try await a.perform(.createHousehold(name: "Home"), in: S.home)
        try await a.perform(.defineUnit(UnitDefinition(name: "piece")), in: S.home)
        try await a.perform(.defineLocation(LocationDefinition(name: "Pantry")), in: S.home)
        let bought = try await a.perform(
            .purchase(PurchaseRequest(productID: S.products[0], amount: 3, unit: S.piece, locationID: S.pantry)), in: S.home)
        try await a.syncPending()
        try await b.syncPending(households: [S.home])
        try await b.perform(.consume(ConsumeRequest(productID: S.products[0], amount: 1, unit: S.piece)), in: S.home)
        try await b.syncPending()
        try await a.syncPending()
        #expect(try await a.state(of: S.home) == b.state(of: S.home))
        #expect(try await a.state(of: S.home).stock(of: S.products[0]).lots.map(\.quantity) == [2])
        let replay = try await remote.push(bought.entries)
        #expect(replay.allSatisfy { if case .applied = $0.outcome { true } else { false } })
        #expect(try await remote.changes(of: S.home, after: nil, limit: 100).entries.count == 5)
    }
}
