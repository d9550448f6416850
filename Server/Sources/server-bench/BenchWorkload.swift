import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import NIOCore
import SyncServer
import SyncWire

/// Journal operations as a device's gateway sends them, and the same rows as raw `changes` inserts.
struct BenchWorkload: Sendable {
    /// One operation's wire form and its row in the log.
    struct Row: Sendable {
        let opID: UUID
        let entityID: String
        /// The payload exactly as the server stores it (the kit's JSON of the entry).
        let payload: String
    }

    let operations: [PushOperation]
    let rows: [Row]

    private static let epoch = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// `count` journal entries of `household` (renaming the household, each its own transaction); entry `i` is
    /// recorded `second(i)` seconds after the epoch (by default `i`).
    static func journal(
        of household: SyncServer.HouseholdID, count: Int, second: (Int) -> Int = { $0 }
    ) throws -> BenchWorkload {
        var operations: [PushOperation] = []
        var rows: [Row] = []
        operations.reserveCapacity(count)
        rows.reserveCapacity(count)
        for index in (0..<count).map(second) {
            let id = UUID()
            let entry = InventoryJournalEntry(
                id: id, householdID: InventoryModule.HouseholdID(household.rawValue), transactionID: TransactionID(id),
                correlationID: CorrelationID(id), recordedAt: epoch.addingTimeInterval(Double(index)),
                replicaID: ReplicaID("bench-device"), operation: .createHousehold(name: "Home \(index)"))
            let payload = try RecordCoding.encode(entry)
            let opID = UUID()
            let entityID = id.uuidString.lowercased()
            operations.append(PushOperation(
                opId: opID.uuidString.lowercased(), kind: "journal", entityId: entityID,
                payload: JSONFragment(verbatim: String(decoding: payload, as: UTF8.self))))
            rows.append(Row(opID: opID, entityID: entityID, payload: String(decoding: payload, as: UTF8.self)))
        }
        return BenchWorkload(operations: operations, rows: rows)
    }

    /// The push bodies of `operations` in pushes of `batch`.
    func bodies(batch: Int) throws -> [ByteBuffer] {
        try stride(from: 0, to: operations.count, by: batch).map { start in
            let slice = Array(operations[start..<min(start + batch, operations.count)])
            return ByteBuffer(bytes: try JSONEncoder().encode(PushRequest(operations: slice)))
        }
    }

    /// The rows in slices of `batch`.
    func rowBatches(batch: Int) -> [[Row]] {
        stride(from: 0, to: rows.count, by: batch).map { Array(rows[$0..<min($0 + batch, rows.count)]) }
    }
}
