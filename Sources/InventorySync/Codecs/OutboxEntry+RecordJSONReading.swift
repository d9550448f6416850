import Foundation
import InventoryKit

// Every push round decodes the due outbox entries: `RecordCoding.decode` of an entry whose payload reads itself
// takes this path, which reads what `OutboxEntry+RecordJSON` writes to the value `JSONDecoder` decodes with the
// synthesized `Decodable` conformance (an optional member absent or `null` is `nil`, every other member required).
// Any key or value it does not expect, or a payload its reader leaves, is decoded by `JSONDecoder` whole.
// `ProductOutboxEntryRecordJSONReadingTests` holds the two paths equal.

extension OutboxEntry: RecordJSONReadable where Payload: RecordJSONReadable {
    /// Reads an entry, its payload with `Payload.read(from:)`; `nil` (then `JSONDecoder` decodes the bytes) for
    /// anything `JSONDecoder` might read otherwise: an unknown or repeated key, a missing member, a malformed id.
    package static func read(from reader: inout RecordJSONReader) -> OutboxEntry? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var operationID: UUID?
        var entityID: String?
        var sequence: Int64?
        var payload: Payload?
        var enqueuedAt: Date?
        var attempts: Int?
        var nextAttemptAt: Date?
        var lastError: String?
        var isQuarantined: Bool?
        var superseded: [UUID]?
        while let position = reader.nextKey(OutboxEntryField.keys, in: &object) {
            switch OutboxEntryField.all[position] {
            case .attempts: attempts = reader.int()
            case .enqueuedAt: enqueuedAt = reader.date()
            case .entityID: entityID = reader.string()
            case .isQuarantined: isQuarantined = reader.bool()
            case .lastError: lastError = reader.optionalString()
            case .nextAttemptAt: nextAttemptAt = reader.null() ? nil : reader.date()
            case .operationID: operationID = readUUID(&reader)
            case .sequence: sequence = Int64(reader.int())
            case .payload:
                guard let value = Payload.read(from: &reader) else { return reader.refuse() }
                payload = value
            case .supersededOperationIDs:
                var ids: [UUID] = []
                var array = RecordJSONContainer()
                guard reader.beginArray() else { return nil }
                while reader.nextElement(in: &array) {
                    guard let id = readUUID(&reader) else { return reader.refuse() }
                    ids.append(id)
                }
                superseded = ids
            }
            if reader.failed { return nil }
        }
        guard !reader.failed, let operationID, let entityID, let sequence, let payload, let enqueuedAt, let attempts,
            let isQuarantined, let superseded
        else { return reader.refuse() }
        return OutboxEntry(
            operationID: operationID, entityID: entityID, sequence: sequence, payload: payload, enqueuedAt: enqueuedAt,
            attempts: attempts, nextAttemptAt: nextAttemptAt, lastError: lastError, isQuarantined: isQuarantined,
            supersededOperationIDs: superseded)
    }
}

/// The members of an entry the writer writes (a generic type holds no stored static property, so they live here).
private enum OutboxEntryField: String, CaseIterable {
    case attempts, enqueuedAt, entityID, isQuarantined, lastError, nextAttemptAt, operationID, payload, sequence
    case supersededOperationIDs

    /// The members' names, matched against a key's bytes.
    static let keys = RecordJSONKeys(OutboxEntryField.self)
    /// The members by their position in ``keys``.
    static let all = allCases
}

extension SyncStamp: RecordJSONReadable {
    /// The members `write(to:)` writes.
    private enum Field: String, CaseIterable {
        case replicaID, updatedAt, version
    }

    /// The members' names, matched against a key's bytes.
    private static let keys = RecordJSONKeys(Field.self)
    /// The members by their position in ``keys``.
    private static let fields = Field.allCases

    /// Reads a stamp as `JSONDecoder` decodes it (the replica id through `ReplicaID(rawValue:)`, which trims it);
    /// `nil` for an unknown, repeated or missing member.
    package static func read(from reader: inout RecordJSONReader) -> SyncStamp? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var replicaID: ReplicaID?
        var updatedAt: Date?
        var version: Int?
        while let position = reader.nextKey(keys, in: &object) {
            switch fields[position] {
            case .replicaID: replicaID = ReplicaID(rawValue: reader.string())
            case .updatedAt: updatedAt = reader.date()
            case .version: version = reader.int()
            }
        }
        guard !reader.failed, let replicaID, let updatedAt, let version else { return reader.refuse() }
        return SyncStamp(updatedAt: updatedAt, version: version, replicaID: replicaID)
    }
}

/// A UUID as `JSONDecoder` reads one (`UUID(uuidString:)` of a string); `nil` (refused) otherwise.
private func readUUID(_ reader: inout RecordJSONReader) -> UUID? {
    let text = reader.string()
    guard !reader.failed, let uuid = UUIDText.parse(text) else { return reader.refuse() }
    return uuid
}
