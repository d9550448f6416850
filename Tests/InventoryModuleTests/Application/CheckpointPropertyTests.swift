import Foundation
import InventoryKit
import InventoryKitTesting
@testable import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// Checkpoints never change a state: whatever order entries arrive in — late ones from a device whose clock is
/// behind, undos of old transactions, restarts that open from a checkpoint — every service's state equals the
/// full fold of its journal.
@Suite("Checkpoints: a state rebuilt from a checkpoint equals the full fold")
struct CheckpointPropertyTests {
    typealias S = ServiceFixtures

    @Test("200 seeds: late arrivals, undos and restarts give the full fold's state on every device", arguments: 0..<200)
    func checkpointedStateEqualsFullFold(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 104_729 &+ 11)
        let remote = InMemoryInventoryRemote()
        // A small interval, so a short journal crosses many checkpoints; the clocks far apart, so one device's
        // entries sort before what the others already folded.
        let policy = InventoryCheckpointPolicy(interval: 3 + seed % 5, newestKept: 1 + seed % 3)
        let devices = (0..<(2 + seed % 2)).map { index in
            S.Device(
                "k\(index)", remote: remote, clock: ManualClock(S.t0 + Double(index) * 40), checkpoints: policy,
                seed: UInt64(seed * 10 + index))
        }
        try await devices[0].setUpHousehold()
        try await devices[0].service.syncPending()
        for device in devices.dropFirst() { try await device.service.syncPending(households: [S.home]) }
        var booked: [Int: [TransactionID]] = [:]

        for _ in 0..<12 {
            let index = Int.random(in: 0..<devices.count, using: &random)
            let device = devices[index]
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let product = S.products[Int.random(in: 0..<S.products.count, using: &random)]
                let command: InventoryCommand
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    command = .purchase(PurchaseRequest(productID: product, amount: 2, unit: S.piece, locationID: S.pantry))
                case 5..<8:
                    command = .consume(ConsumeRequest(productID: product, amount: 1, unit: S.piece))
                default:
                    guard let mine = booked[index], !mine.isEmpty else { continue }
                    command = .undo(mine[Int.random(in: 0..<mine.count, using: &random)])
                }
                do {
                    let result = try await device.service.perform(command, in: S.home)
                    if case .purchase = command, let id = result.transactionID { booked[index, default: []].append(id) }
                } catch is InventoryError {
                    // Not enough stock, or a transaction undone already: nothing written.
                }
            }
            device.clock.advance(by: Double(Int.random(in: 1...30, using: &random)))
            if Bool.random(using: &random) { try await device.service.syncPending(households: [S.home]) }
            if Int.random(in: 0..<4, using: &random) == 0 { await device.restart() }
            for device in devices { try await Self.expectFullFold(device) }
        }
        try await S.healAndSync(devices, remote: remote)
        for device in devices {
            try await Self.expectFullFold(device)
            await device.restart()
            try await Self.expectFullFold(device)
        }
        let reference = try await devices[0].service.state(of: S.home)
        for device in devices { #expect(try await device.service.state(of: S.home) == reference) }
        // The journals are long enough that checkpoints were written and used.
        let marks = try await devices[0].service.store.checkpointMarks(of: S.home)
        #expect(!marks.isEmpty && marks.count <= 1 + seed % 3 + 8)
    }

    /// Expects the device's state to be the fold of its whole stored journal, and its canonical checkpoint bytes to
    /// be the full fold's, byte for byte.
    static func expectFullFold(_ device: S.Device, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        await device.service.waitForBackgroundWork()
        let journal = try await device.service.store.entries(of: S.home)
        let state = try await device.service.state(of: S.home)
        let fullFold = InventoryProjector.project(journal)
        #expect(state == fullFold, "replica \(device.replica)", sourceLocation: sourceLocation)
        let bytes = try InventoryCheckpointFormat.encode(state, canonical: true)
        #expect(
            bytes == (try InventoryCheckpointFormat.encode(fullFold, canonical: true)),
            "replica \(device.replica): the canonical checkpoint bytes differ from the full fold's", sourceLocation: sourceLocation)
    }

    @Test("a damaged checkpoint is skipped: the state comes from an older one or the whole journal")
    func damagedCheckpointIsSkipped() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote(), checkpoints: InventoryCheckpointPolicy(interval: 4))
        try await device.setUpHousehold()
        for _ in 0..<10 { _ = try await device.purchase(S.products[0], "1", at: S.pantry) }
        await device.service.waitForBackgroundWork()
        let marks = try await device.service.store.checkpointMarks(of: S.home)
        #expect(marks.count >= 2)
        let snapshot = await device.storage.snapshot()
        for id in snapshot.records[.user]?[InventoryCheckpoint.collection]?.keys ?? [:].keys {
            await device.storage.corrupt(id, in: InventoryCheckpoint.collection, scope: .user, payload: Data("{".utf8))
        }
        await device.restart()
        try await Self.expectFullFold(device)
        #expect(try await device.service.state(of: S.home).stock(of: S.products[0]).total == 10)
    }

    @Test("a pull writes a checkpoint every twenty intervals of pulled entries and one once it has ended, not one per interval")
    func pullCheckpointsEveryTwentyIntervalsAndAtTheEnd() async throws {
        let remote = InMemoryInventoryRemote()
        let writer = S.Device("w", remote: remote)
        try await writer.setUpHousehold()
        for index in 0..<40 { _ = try await writer.purchase(S.products[index % 3], "1", at: S.pantry) }
        try await writer.service.syncPending()
        let strategy = InventorySyncStrategy(writePolicy: .localThenEnqueue, pullBatchSize: 5, pullCommitSize: 5)
        let reader = S.Device("r", remote: remote, strategy: strategy, checkpoints: InventoryCheckpointPolicy(interval: 2))
        let report = try await reader.service.syncPending(households: [S.home])
        await reader.service.waitForBackgroundWork()
        let journal = try await reader.service.store.entries(of: S.home)
        #expect(report.pulled == journal.count && journal.count > 40)
        let marks = try await reader.service.store.checkpointMarks(of: S.home)
        // Commits of 5: the commit that reaches 40 entries (twenty intervals of 2) is sealed at once, the rest at the end.
        #expect(marks.map(\.entryCount).sorted() == [40, journal.count])
        await reader.restart()
        try await Self.expectFullFold(reader)
        // Commands after the pull checkpoint every interval again.
        for _ in 0..<4 { _ = try await reader.purchase(S.products[0], "1", at: S.pantry) }
        await reader.service.waitForBackgroundWork()
        #expect(try await reader.service.store.checkpointMarks(of: S.home).map(\.entryCount).max() == journal.count + 4)
    }
}
