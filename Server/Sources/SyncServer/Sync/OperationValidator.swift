import Foundation
import InventoryKit
import InventoryModule
import ProductModule
import SyncWire

/// Turns one wire operation into a ``PendingChange`` or says why it is refused: bounds, ids, the payload decoded
/// into the kit's own type, and a journal entry's operation checked by the kit's own rules (``JournalEntryRules``),
/// so nothing the kit would not accept reaches the database.
///
/// Ids have one spelling: a journal entry's or named entity's `entityId` is a UUID in any case spelling that
/// must name the payload's id, and the change carries it in its canonical form (lower case), so duplicates,
/// conflicts and tombstones see through the spelling. A product id is text, compared as it is (the kit's
/// `ProductID` rules).
struct OperationValidator: Sendable {
    /// The bounds.
    let limits: SyncLimits
    /// The household the push addresses; journal entries must belong to it.
    let household: HouseholdID
    /// The server's clock, for the kit's rules that read today (``JournalEntryRules``).
    var now: Date = Date()

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
        return decoded(operation.payload, kind: kind).flatMap { content, canonical in
            // PostgreSQL's text and jsonb cannot hold U+0000; a payload not encoded comes from a body that holds none.
            if let canonical, Self.holdsNullCharacter(canonical) {
                return .failure(reject("payload must not contain U+0000.", field: "payload"))
            }
            return change(content, canonical: canonical, opID: opID, entityID: operation.entityId, superseded: supersededIDs)
        }
    }

    /// The kit value of a payload with its canonical encoding, or why it is refused.
    private func decoded(_ payload: OperationPayload, kind: ChangeKind) -> Result<(DecodedContent, Data?), APIError> {
        switch payload {
        case .journal(let entry, let canonical): return .success((.journal(entry), canonical))
        case .product(let change, let canonical): return .success((.product(change), canonical))
        case .namedEntity(let entity, let canonical): return .success((.namedEntity(entity), canonical))
        case .notObject, .unread: return .failure(reject("payload must be a JSON object.", field: "payload"))
        case .refused(let type, let reason):
            return .failure(reject("payload is not a valid \(type): \(reason)", field: "payload"))
        case .json(let fragment):
            guard case .object? = try? fragment.value() else {
                return .failure(reject("payload must be a JSON object.", field: "payload"))
            }
            let json = Data(fragment.text.utf8)
            return switch kind {
            case .journal: decode(InventoryJournalEntry.self, json).map { (.journal($0), Optional($1)) }
            case .product: decode(ProductChange.self, json).map { (.product($0), Optional($1)) }
            case .namedEntity: decode(NamedEntity.self, json).map { (.namedEntity($0), Optional($1)) }
            }
        }
    }

    /// A payload decoded into the kit's type for its kind.
    private enum DecodedContent {
        case journal(InventoryJournalEntry)
        case product(ProductChange)
        case namedEntity(NamedEntity)
    }

    private func change(
        _ content: DecodedContent, canonical: Data?, opID: UUID, entityID: String, superseded: [UUID]
    ) -> Result<PendingChange, APIError> {
        switch content {
        case .journal(let entry):
            guard UUID(uuidString: entityID) == entry.id else {
                return .failure(reject("entityId must be the journal entry's id.", field: "entityId"))
            }
            guard entry.householdID == InventoryModule.HouseholdID(household.rawValue) else {
                return .failure(reject("The journal entry belongs to another household.", field: "payload.householdId"))
            }
            if let reason = JournalEntryRules.refusal(of: entry, now: now) {
                return .failure(reject(
                    "The journal entry's \(entry.operation.kind.rawValue) is refused by the kit's rules: \(reason)",
                    field: "payload.operation"))
            }
            return .success(PendingChange(
                opID: opID, entityID: Self.canonical(entry.id), content: .journal(entry), canonicalPayload: canonical))
        case .product(let change):
            guard change.productID.rawValue == entityID else {
                return .failure(reject("entityId must be the change's productId.", field: "entityId"))
            }
            let request = ProductPushRequest(operationID: opID, supersededOperationIDs: superseded, change: change)
            return .success(PendingChange(
                opID: opID, entityID: entityID, content: .product(request), canonicalPayload: canonical))
        case .namedEntity(let entity):
            guard UUID(uuidString: entityID) == entity.id else {
                return .failure(reject("entityId must be the named entity's id.", field: "entityId"))
            }
            return .success(PendingChange(
                opID: opID, entityID: Self.canonical(entity.id), content: .namedEntity(entity),
                canonicalPayload: canonical))
        }
    }

    /// A UUID's one spelling on the wire and in the database: lower case, as `RecordID` writes it.
    static func canonical(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }

    /// The payload's kit value and its canonical encoding, decoded from its serialized text.
    private func decode<T: Codable>(_ type: T.Type, _ json: Data) -> Result<(T, Data), APIError> {
        do {
            let value = try RecordCoding.decode(T.self, from: json)
            return .success((value, try RecordCoding.encode(value)))
        } catch {
            return .failure(reject("payload is not a valid \(T.self): \(RecordCoding.describe(error))", field: "payload"))
        }
    }

    /// Whether JSON text written by `JSONEncoder` holds U+0000: the escape `\u0000` whose backslash is not itself
    /// escaped (`\\u0000` is the six characters `\u0000`, which PostgreSQL stores).
    static func holdsNullCharacter(_ json: Data) -> Bool {
        json.withUnsafeBytes { bytes in
            let backslash = UInt8(ascii: "\\"), zero = UInt8(ascii: "0"), letterU = UInt8(ascii: "u")
            var backslashes = 0
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == backslash {
                    backslashes += 1
                    continue
                }
                if backslashes % 2 == 1, byte == letterU, index + 4 < bytes.count,
                   bytes[index + 1] == zero, bytes[index + 2] == zero, bytes[index + 3] == zero,
                   bytes[index + 4] == zero
                {
                    return true
                }
                backslashes = 0
            }
            return false
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
