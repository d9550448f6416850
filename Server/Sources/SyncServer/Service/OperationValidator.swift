import Foundation
import InventoryKit
import InventoryModule
import ProductModule

/// Turns one wire operation into a ``PendingChange`` or says why it is refused: bounds, ids, and the payload
/// decoded into the kit's own type, so nothing the kit would not accept reaches the database.
///
/// A payload ``PushBody`` decoded straight into the kit's type is checked as it is; one read as any JSON is
/// serialized with sorted keys, checked for U+0000 and decoded into the kit's type first.
struct OperationValidator: Sendable {
    /// The bounds.
    let limits: SyncLimits
    /// The household the push addresses; journal entries must belong to it.
    let household: HouseholdID

    /// The most superseded operation ids one operation may carry.
    static let maxSupersededOperations = 100

    /// A validated change, or the reason the operation is rejected.
    func validate(_ operation: PushBody.Operation, opID: UUID) -> Result<PendingChange, APIError> {
        guard let kind = ChangeKind(rawValue: operation.kind) else {
            return .failure(reject("kind must be one of: \(ChangeKind.allCases.map(\.rawValue).joined(separator: ", ")).", field: "kind"))
        }
        let entityBytes = operation.entityId.utf8.count
        guard entityBytes > 0, entityBytes <= limits.maxEntityIDBytes else {
            return .failure(reject("entityId must be 1 to \(limits.maxEntityIDBytes) bytes long.", field: "entityId"))
        }
        guard !operation.entityId.unicodeScalars.contains(where: Self.isControl) else {
            return .failure(reject("entityId must not contain control characters.", field: "entityId"))
        }
        // A payload decoded into a kit type was a JSON object.
        if case .json(let value) = operation.payload {
            guard case .object = value else { return .failure(reject("payload must be a JSON object.", field: "payload")) }
        }
        let superseded = operation.supersededOpIds ?? []
        guard superseded.isEmpty || kind == .product else {
            return .failure(reject("supersededOpIds applies to product operations only.", field: "supersededOpIds"))
        }
        guard superseded.count <= Self.maxSupersededOperations else {
            return .failure(reject("supersededOpIds may name at most \(Self.maxSupersededOperations) operations.", field: "supersededOpIds"))
        }
        let supersededIDs = superseded.compactMap(UUID.init(uuidString:))
        guard supersededIDs.count == superseded.count else {
            return .failure(reject("every supersededOpIds element must be a UUID.", field: "supersededOpIds"))
        }
        // A payload decoded straight from the body is finite and holds no U+0000 (PushBodyScreen).
        var json: Data?
        if case .json(let value) = operation.payload {
            do {
                json = Data(try value.jsonText().utf8)
            } catch {
                return .failure(reject("payload must be finite JSON.", field: "payload"))
            }
            // PostgreSQL's text and jsonb cannot hold U+0000.
            guard json?.firstRange(of: Data(#"\u0000"#.utf8)) == nil else {
                return .failure(reject("payload must not contain U+0000.", field: "payload"))
            }
        }
        let source = PayloadSource(decoded: operation.payload, json: json)
        return content(kind, source, opID: opID, entityID: operation.entityId, superseded: supersededIDs).map {
            PendingChange(opID: opID, entityID: operation.entityId, content: $0)
        }
    }

    /// Where a payload's kit value comes from: decoded from the body already, or from its serialized text.
    private struct PayloadSource {
        /// The payload as read from the body.
        let decoded: OperationPayload
        /// The serialized text of a payload read as any JSON.
        let json: Data?
    }

    private func content(
        _ kind: ChangeKind, _ source: PayloadSource, opID: UUID, entityID: String, superseded: [UUID]
    ) -> Result<ChangeContent, APIError> {
        switch kind {
        case .journal:
            return value(source.decoded.journalEntry, from: source).flatMap { entry in
                guard UUID(uuidString: entityID) == entry.id else {
                    return .failure(reject("entityId must be the journal entry's id.", field: "entityId"))
                }
                guard entry.householdID == InventoryModule.HouseholdID(household.rawValue) else {
                    return .failure(reject("The journal entry belongs to another household.", field: "payload.householdId"))
                }
                return .success(.journal(entry))
            }
        case .product:
            return value(source.decoded.productChange, from: source).flatMap { change in
                guard change.productID.rawValue == entityID else {
                    return .failure(reject("entityId must be the change's productId.", field: "entityId"))
                }
                return .success(.product(ProductPushRequest(
                    operationID: opID, supersededOperationIDs: superseded, change: change)))
            }
        case .namedEntity:
            return value(source.decoded.namedEntity, from: source).flatMap { entity in
                guard UUID(uuidString: entityID) == entity.id else {
                    return .failure(reject("entityId must be the named entity's id.", field: "entityId"))
                }
                return .success(.namedEntity(entity))
            }
        }
    }

    /// The kit value decoded from the body, or else decoded from the payload's serialized text.
    private func value<T: Decodable>(_ decoded: T?, from source: PayloadSource) -> Result<T, APIError> {
        if let decoded { return .success(decoded) }
        guard let json = source.json else {
            // PushBody decodes a payload by its operation's kind, so a kit value is always the kind's.
            return .failure(reject("payload is not a valid \(T.self).", field: "payload"))
        }
        return decode(T.self, json)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: Data) -> Result<T, APIError> {
        do {
            return .success(try RecordCoding.decode(T.self, from: json))
        } catch {
            return .failure(reject("payload is not a valid \(T.self): \(RecordCoding.describe(error))", field: "payload"))
        }
    }

    /// Whether a scalar's general category is `control` (Cc): U+0000–U+001F and U+007F–U+009F, a set Unicode's
    /// stability policy fixes, so this is `properties.generalCategory == .control` without the table lookup.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private func reject(_ message: String, field: String) -> APIError {
        APIError(.invalidRequest, message, details: ["field": field])
    }
}
