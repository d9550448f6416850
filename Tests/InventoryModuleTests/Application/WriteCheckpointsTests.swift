import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// `writeCheckpoints` checkpoints a household's state on demand (an app going idle), so the next cold open folds
/// nothing after the newest checkpoint; overlapping commands never make a checkpoint disagree with the journal.
@Suite("Checkpoints written on demand")
struct WriteCheckpointsTests {
    typealias S = ServiceFixtures

    @Test("a household behind its newest checkpoint is checkpointed at its last entry; a second call writes nothing")
    func writesTheStateNowAndOnlyOnce() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        for index in 0..<20 { _ = try await device.purchase(S.products[index % 3], "1", at: S.pantry) }
        await device.service.waitForBackgroundWork()
        // The standard interval (1 000 entries) is far away: no background checkpoint yet.
        #expect(try await device.service.store.checkpointMarks(of: S.home).isEmpty)

        await device.service.writeCheckpoints()
        let journal = try await device.service.store.entries(of: S.home)
        let marks = try await device.service.store.checkpointMarks(of: S.home)
        #expect(marks.map(\.entryCount) == [journal.count])
        await device.service.writeCheckpoints(households: [S.home])
        #expect(try await device.service.store.checkpointMarks(of: S.home) == marks)

        await device.restart()
        try await CheckpointPropertyTests.expectFullFold(device)
        #expect(try await device.service.state(of: S.home).stock(of: S.products[0]).total == 7)
    }

    @Test("checkpoints written while 40 commands overlap them agree with the full fold of the journal")
    func overlappingCommandsKeepCheckpointsExact() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        let service = device.service
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    _ = try await service.perform(
                        .purchase(PurchaseRequest(
                            productID: S.products[index % 3], amount: 1, unit: S.piece, locationID: S.pantry)),
                        in: S.home)
                }
                if index % 4 == 0 { group.addTask { await service.writeCheckpoints() } }
            }
            try await group.waitForAll()
        }
        await service.writeCheckpoints()
        let journal = try await service.store.entries(of: S.home)
        #expect(journal.count == 45)
        #expect(try await service.store.checkpointMarks(of: S.home).map(\.entryCount).max() == 45)
        try await CheckpointPropertyTests.expectFullFold(device)
        await device.restart()
        try await CheckpointPropertyTests.expectFullFold(device)
        #expect(try await device.service.state(of: S.home).stock(of: S.products[1]).total == 13)
    }

    @Test("with checkpoints disabled nothing is written")
    func disabledPolicyWritesNothing() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote(), checkpoints: .disabled)
        try await device.setUpHousehold()
        await device.service.writeCheckpoints()
        #expect(try await device.service.store.checkpointMarks(of: S.home).isEmpty)
    }
}
