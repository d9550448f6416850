import Foundation
import InventoryKit
import SyncWire

extension PushOperation {
    /// An operation whose payload is the kit's `RecordCoding` JSON of `value`, put on the wire byte for byte
    /// (never decoded and encoded again), so the server reads exactly what the kit wrote.
    ///
    /// - Throws: the encoder's error.
    init(opID: UUID, kind: ChangeKind, entityID: String, supersededOpIDs: [UUID] = [], payload value: some Encodable) throws {
        self.init(
            opId: opID.uuidString.lowercased(), kind: kind.rawValue, entityId: entityID,
            payload: JSONFragment(verbatim: String(decoding: try RecordCoding.encode(value), as: UTF8.self)),
            supersededOpIds: supersededOpIDs.isEmpty ? nil : supersededOpIDs.map { $0.uuidString.lowercased() })
    }
}
