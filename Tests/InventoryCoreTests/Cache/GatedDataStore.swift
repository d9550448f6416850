import Foundation
import InventoryKit

/// A data store whose reads can be held at a gate, to prove what happens while a read is in progress.
actor GatedDataStore: DataStore {
    private let base: any DataStore
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var heldWaiters: [CheckedContinuation<Void, Never>] = []

    init(_ base: any DataStore) {
        self.base = base
    }

    nonisolated var scope: StorageScope { base.scope }

    func holdReads() { holding = true }

    func waitForHeldRead() async {
        if !held.isEmpty { return }
        await withCheckedContinuation { heldWaiters.append($0) }
    }

    func releaseReads() {
        holding = false
        held.forEach { $0.resume() }
        held = []
    }

    func write(_ data: Data, to id: RecordID) async throws { try await base.write(data, to: id) }

    func read(_ id: RecordID) async throws -> Data? {
        if holding, id.rawValue.contains("/e/") {
            await withCheckedContinuation { continuation in
                held.append(continuation)
                heldWaiters.forEach { $0.resume() }
                heldWaiters = []
            }
        }
        return try await base.read(id)
    }

    func delete(_ id: RecordID) async throws -> Bool { try await base.delete(id) }

    func list(after: RecordID?, limit: Int) async throws -> [RecordID] { try await base.list(after: after, limit: limit) }
}
