import Foundation
import InventoryKit
import InventoryModule
import ProductModule
import SyncWire

/// The body of `POST /v1/households/{id}/push` as the server reads it: the fields of ``PushRequest``, with each
/// payload decoded straight from the body's bytes into the kit's type for its operation's kind
/// (``OperationPayload``), exact numbers included.
///
/// The fields are decoded in ``PushRequest``'s order, so a body that does not have its shape fails on the same
/// field either way. A payload the kit's type refuses fails its operation only, never the body.
struct PushBody: Sendable, Decodable {
    /// One operation; the fields of ``PushRequest/Operation``.
    struct Operation: Sendable, Decodable {
        /// The client-chosen operation id.
        let opId: String
        /// The kind, as sent.
        let kind: String
        /// The entity id, as sent.
        let entityId: String
        /// The payload, decoded by kind.
        let payload: OperationPayload
        /// Superseded operation ids, as sent.
        let supersededOpIds: [String]?

        private enum CodingKeys: String, CodingKey {
            case opId, kind, entityId, payload, supersededOpIds
        }

        /// Any member name: reading a payload as an object without decoding its members.
        private struct AnyKey: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// The operation with its kit value encoded in the kit's canonical form (``OperationPayload``); a payload
        /// that does not encode is refused.
        func encodingPayload() -> Operation {
            let encoded: OperationPayload
            do {
                encoded = switch payload {
                case .journal(let entry, _): .journal(entry, canonical: try RecordCoding.encode(entry))
                case .product(let change, _): .product(change, canonical: try RecordCoding.encode(change))
                case .namedEntity(let entity, _): .namedEntity(entity, canonical: try RecordCoding.encode(entity))
                case .json, .refused, .notObject, .unread: payload
                }
            } catch {
                encoded = .refused(type: "payload", reason: RecordCoding.describe(error))
            }
            return Operation(opId: opId, kind: kind, entityId: entityId, payload: encoded, supersededOpIds: supersededOpIds)
        }

        /// An operation of its parts.
        private init(opId: String, kind: String, entityId: String, payload: OperationPayload, supersededOpIds: [String]?) {
            self.opId = opId
            self.kind = kind
            self.entityId = entityId
            self.payload = payload
            self.supersededOpIds = supersededOpIds
        }

        /// An operation of a ``PushRequest``, its payload kept as any JSON.
        init(_ operation: PushOperation) {
            opId = operation.opId
            kind = operation.kind
            entityId = operation.entityId
            payload = .json(operation.payload)
            supersededOpIds = operation.supersededOpIds
        }

        /// Decodes an operation, its payload into the kit's type for the kind.
        /// - Throws: `DecodingError` when a member other than the payload is missing or of the wrong type, or the
        ///   payload is missing.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            opId = try container.decode(String.self, forKey: .opId)
            kind = try container.decode(String.self, forKey: .kind)
            entityId = try container.decode(String.self, forKey: .entityId)
            guard container.contains(.payload) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.payload,
                    DecodingError.Context(codingPath: container.codingPath, debugDescription: "No value for payload."))
            }
            payload = switch ChangeKind(rawValue: kind) {
            case .journal: Self.payload(InventoryJournalEntry.self, in: container) { .journal($0, canonical: nil) }
            case .product: Self.payload(ProductChange.self, in: container) { .product($0, canonical: nil) }
            case .namedEntity: Self.payload(NamedEntity.self, in: container) { .namedEntity($0, canonical: nil) }
            case nil: .unread
            }
            supersededOpIds = try container.decodeIfPresent([String].self, forKey: .supersededOpIds)
        }

        /// The payload decoded as `T`, or why it is refused.
        private static func payload<T: Decodable>(
            _ type: T.Type, in container: KeyedDecodingContainer<CodingKeys>, _ wrap: (T) -> OperationPayload
        ) -> OperationPayload {
            do {
                return wrap(try container.decode(T.self, forKey: .payload))
            } catch {
                guard (try? container.nestedContainer(keyedBy: AnyKey.self, forKey: .payload)) != nil else {
                    return .notObject
                }
                return .refused(type: "\(T.self)", reason: RecordCoding.describe(error))
            }
        }
    }

    /// The operations, applied in order.
    let operations: [Operation]

    private enum CodingKeys: String, CodingKey {
        case operations
    }

    /// A ``PushRequest``, its payloads kept as any JSON.
    init(_ request: PushRequest) {
        operations = request.operations.map(Operation.init)
    }

    /// Decodes a body.
    init(from decoder: any Decoder) throws {
        operations = try decoder.container(keyedBy: CodingKeys.self).decode([Operation].self, forKey: .operations)
    }

    /// The operations, in order.
    private init(operations: [Operation]) {
        self.operations = operations
    }

    /// The fewest operations a slice decoded on a core of its own holds: below it, one core decodes the body.
    static let minimumOperationsPerSlice = 500

    /// Reads a body.
    ///
    /// A big body of the plain shape (``PushBodySplitter``) is decoded in slices of operations on all cores at once
    /// (decoding is most of a big push's own work); the result is the same as decoding it whole, and a body any
    /// slice of which does not decode is decoded whole, so its error is the one a whole decoding reports.
    /// - Throws: `DecodingError` when the body is not JSON of the expected shape.
    static func decode(_ body: Data) async throws -> PushBody {
        var decoded: PushBody
        if let split = PushBodySplitter.operations(of: body), let operations = await decodeSlices(of: body, split) {
            decoded = PushBody(operations: operations)
        } else {
            decoded = try JSONDecoder().decode(PushBody.self, from: body)
        }
        // Only a `\u0000` escape puts U+0000 in a string: a body with one has its payloads encoded to be checked.
        if OperationValidator.holdsNullCharacter(body) {
            decoded = PushBody(operations: decoded.operations.map { $0.encodingPayload() })
        }
        return decoded
    }

    /// The operations of `body`, slice by slice on as many cores as help; `nil` when the body is too small to
    /// gain from it or a slice does not decode.
    private static func decodeSlices(of body: Data, _ split: PushBodySplitter.Operations) async -> [Operation]? {
        let ranges = split.ranges
        let sliceCount = min(ProcessInfo.processInfo.activeProcessorCount, ranges.count / minimumOperationsPerSlice)
        guard sliceCount > 1 else { return nil }
        let perSlice = (ranges.count + sliceCount - 1) / sliceCount
        let slices = stride(from: 0, to: ranges.count, by: perSlice).map { first in
            let last = min(first + perSlice, ranges.count) - 1
            // The operations first…last with the commas and whitespace between them, as a JSON array.
            var slice = Data("[".utf8)
            slice.append(body[(body.startIndex + ranges[first].lowerBound)..<(body.startIndex + ranges[last].upperBound)])
            slice.append(contentsOf: Array("]".utf8))
            return slice
        }
        return await withTaskGroup(of: (Int, [Operation]?).self) { group in
            for (index, slice) in slices.enumerated() {
                group.addTask { (index, try? JSONDecoder().decode([Operation].self, from: slice)) }
            }
            var decoded = [[Operation]?](repeating: nil, count: slices.count)
            for await (index, operations) in group {
                guard let operations else {
                    group.cancelAll()
                    return nil
                }
                decoded[index] = operations
            }
            var operations: [Operation] = []
            operations.reserveCapacity(ranges.count)
            for slice in decoded {
                guard let slice else { return nil }
                operations += slice
            }
            return operations
        }
    }
}
