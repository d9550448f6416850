import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import ProductModule
import SyncServer
import SyncWire

/// Push operations for the contract tests, made from the kit's own types and encoded as the kit encodes them
/// (`RecordCoding`), so the responses checked against the document are those a real client gets.
enum ContractPayloads {
    static let replica = ReplicaID("contract-test-device")
    static let epoch = Date.fixtureEpoch

    static func operation(kind: String, entityId: String, _ value: some Encodable) throws -> PushOperation {
        PushOperation(
            opId: UUID().uuidString.lowercased(), kind: kind, entityId: entityId,
            payload: JSONFragment(verbatim: String(decoding: try RecordCoding.encode(value), as: UTF8.self)))
    }

    /// A journal entry of the household.
    static func journal(household: UUID) throws -> PushOperation {
        let entry = InventoryJournalEntry.fixture(
            .createHousehold(name: "Home"), in: InventoryModule.HouseholdID(household), replica: replica)
        return try operation(kind: "journal", entityId: entry.id.uuidString.lowercased(), entry)
    }

    /// A change of product `id` written at `version` (a deletion when `deleted`), based on the state of `base`.
    static func product(_ id: String, version: Int, deleted: Bool = false, base: Int? = nil) throws -> PushOperation {
        let productID = try ProductID(id)
        let stamp = SyncStamp.fixture(version: version, replica: replica)
        let product =
            deleted
            ? nil
            : Product(productID: productID, title: "Pen v\(version)", createdAt: epoch, updatedAt: stamp.updatedAt, version: version)
        let change = ProductChange(
            productID: productID, product: product, stamp: stamp,
            baseStamp: base.map { SyncStamp.fixture(version: $0, replica: replica) })
        return try operation(kind: "product", entityId: id, change)
    }

    /// A live category with its kind's deterministic id.
    static func category(_ name: String) throws -> PushOperation {
        let kind = NamedEntityKind.category
        let key = kind.key(for: name)
        let entity = NamedEntity(
            id: kind.id(for: key), kind: kind.name, semanticKey: key, displayName: name, createdAt: epoch, updatedAt: epoch)
        return try operation(kind: "namedEntity", entityId: entity.id.uuidString.lowercased(), entity)
    }
}
