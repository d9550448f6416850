import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import SyncServer
import SyncWire

/// Wire operations carrying the kit's own values, as a device's gateway would send them.
enum KitPayloads {
    static let epoch = Date.fixtureEpoch
    static let replica = ReplicaID("test-device")

    /// The kit's JSON form of a value as a wire payload.
    static func payload(_ value: some Encodable) throws -> JSONFragment {
        JSONFragment(verbatim: String(decoding: try RecordCoding.encode(value), as: UTF8.self))
    }

    /// A journal entry of `household` that names a shopping-list-free operation (renaming the household), recorded by
    /// this test's replica `index` seconds after the epoch.
    static func journalEntry(
        of household: SyncServer.HouseholdID, id: UUID = UUID(), name: String = "Home", index: Int = 0
    ) -> InventoryJournalEntry {
        .fixture(
            .createHousehold(name: name), in: InventoryModule.HouseholdID(household.rawValue), id: id,
            recordedAt: epoch.addingTimeInterval(Double(index)), replica: replica)
    }

    /// A push operation appending a journal entry; its op id is fresh unless given.
    static func journal(
        of household: SyncServer.HouseholdID, id: UUID = UUID(), name: String = "Home", opID: UUID = UUID()
    ) throws -> PushOperation {
        let entry = journalEntry(of: household, id: id, name: name)
        return PushOperation(
            opId: opID.uuidString.lowercased(), kind: "journal", entityId: id.uuidString.lowercased(),
            payload: try payload(entry))
    }

    /// A product with a barcode and a title: the pen unless told otherwise.
    static func product(_ barcode: String = "4006381333931", title: String = "Pen") throws -> Product {
        try .fixture(title: title, barcode: barcode)
    }

    /// A stamp of this test's replica (`SyncStamp.fixture`: `version` seconds after the epoch).
    static func stamp(_ version: Int, replica: ReplicaID = replica) -> SyncStamp {
        .fixture(version: version, replica: replica)
    }

    /// A push operation writing (or, with `product == nil`, deleting) a product.
    static func productChange(
        _ id: ProductID, product: Product?, stamp: SyncStamp, baseStamp: SyncStamp?, opID: UUID = UUID(),
        superseding: [UUID] = []
    ) throws -> PushOperation {
        let change = ProductChange(productID: id, product: product, stamp: stamp, baseStamp: baseStamp)
        return PushOperation(
            opId: opID.uuidString.lowercased(), kind: "product", entityId: id.rawValue, payload: try payload(change),
            supersededOpIds: superseding.isEmpty ? nil : superseding.map { $0.uuidString.lowercased() })
    }

    /// A named entity of a kit kind, with the kind's deterministic id for `name`'s key.
    static func namedEntity(
        _ kind: NamedEntityKind, _ name: String, id: UUID? = nil, createdAt: Date = epoch, mergedInto: UUID? = nil
    ) -> NamedEntity {
        let key = kind.key(for: name)
        return NamedEntity(
            id: id ?? kind.id(for: key), kind: kind.name, semanticKey: key, displayName: name, createdAt: createdAt,
            updatedAt: createdAt, mergedInto: mergedInto)
    }

    /// A push operation of a named entity version.
    static func named(_ entity: NamedEntity, opID: UUID = UUID()) throws -> PushOperation {
        PushOperation(
            opId: opID.uuidString.lowercased(), kind: "namedEntity", entityId: entity.id.uuidString.lowercased(),
            payload: try payload(entity))
    }

    /// Decodes a served payload into a kit type.
    static func decode<T: Decodable>(_ type: T.Type, _ payload: JSONFragment?) throws -> T {
        try RecordCoding.decode(T.self, from: Data((payload?.text ?? "null").utf8))
    }
}
