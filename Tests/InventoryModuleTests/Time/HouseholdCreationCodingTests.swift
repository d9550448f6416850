import Foundation
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// A creation carries its zone in its own entry; creations and zone entries of earlier versions decode and fold as
/// they did.
@Suite("Household creations across versions: the zone in the creation entry, earlier journals as before")
struct HouseholdCreationCodingTests {
    static let kiritimati = (try? HouseholdTimeZone(identifier: "Pacific/Kiritimati")) ?? .utc
    static let pagoPago = (try? HouseholdTimeZone(identifier: "Pacific/Pago_Pago")) ?? .utc
    static let oslo = (try? HouseholdTimeZone(identifier: "Europe/Oslo")) ?? .utc

    /// The `operation` object of an entry's JSON.
    static func encodedOperation(_ operation: InventoryOperation) throws -> [String: Any] {
        let data = try JSONEncoder().encode(JournalCodingTests.entry(operation))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["operation"] as? [String: Any])
    }

    /// An entry of transaction `transaction` recorded by `replica` at `t0 + seconds`, with an id whose text sorts by
    /// `order`.
    static func entry(
        _ operation: InventoryOperation, at seconds: Double, by replica: ReplicaID, transaction: UInt8, order: UInt8
    ) -> InventoryJournalEntry {
        .fixture(
            operation, in: F.home, id: UUID(uuid: (order, transaction, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)),
            transactionID: TransactionID(UUID(uuid: (transaction, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2))),
            recordedAt: F.t0 + seconds, replica: replica)
    }

    /// A creation as earlier versions booked it: the name, and the zone as a `setHouseholdTimeZone` entry of the
    /// same transaction at the same time; the zone entry sorts first when `zoneFirst`.
    static func legacyCreation(
        _ zone: HouseholdTimeZone, at seconds: Double, by replica: ReplicaID, transaction: UInt8, zoneFirst: Bool
    ) -> [InventoryJournalEntry] {
        [
            entry(.createHousehold(name: "Home"), at: seconds, by: replica, transaction: transaction, order: zoneFirst ? 2 : 1),
            entry(.setHouseholdTimeZone(zone), at: seconds, by: replica, transaction: transaction, order: zoneFirst ? 1 : 2),
        ]
    }

    @Test("a creation on UTC encodes its name alone, as earlier versions wrote it; one in another zone, its name and zone")
    func creationForms() throws {
        let onUTC = try Self.encodedOperation(.createHousehold(name: "Home"))
        #expect(onUTC["type"] as? String == "createHousehold" && onUTC["value"] as? String == "Home")
        let inKiritimati = try Self.encodedOperation(.createHousehold(name: "Home", timeZone: Self.kiritimati))
        let value = try #require(inKiritimati["value"] as? [String: Any])
        #expect(value["name"] as? String == "Home" && value["timeZone"] as? String == "Pacific/Kiritimati" && value.count == 2)
    }

    @Test("a creation stored by an earlier version decodes as a creation on UTC")
    func earlierCreationDecodes() throws {
        let json = #"{"type": "createHousehold", "value": "Home"}"#
        #expect(try JSONDecoder().decode(InventoryOperation.self, from: Data(json.utf8)) == .createHousehold(name: "Home", timeZone: .utc))
    }

    @Test(
        "a creation value that is neither a name nor a name with a zone fails to decode instead of being dropped",
        arguments: [#"{"name": "Home"}"#, #"{"timeZone": "UTC"}"#, "3", "null"])
    func malformedCreationFails(value: String) {
        let json = #"{"type": "createHousehold", "value": "# + value + "}"
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(InventoryOperation.self, from: Data(json.utf8)) }
    }

    @Test("creating a household in a zone books one entry carrying name and zone, and no zone change")
    func creationBooksNoZoneChange() throws {
        let context = InventoryCommandContext(
            householdID: F.home, now: F.t0, replicaID: "a", correlationID: CorrelationID(UUID()),
            makeUUID: { UUID() }, knownProducts: [], timeZone: Self.kiritimati)
        let entries = try InventoryCommandHandler.decide(.createHousehold(name: "Home"), in: InventoryState(), context: context)
        #expect(entries.map(\.operation) == [.createHousehold(name: "Home", timeZone: Self.kiritimati)])
        #expect(InventoryProjector.project(entries).households[F.home]?.timeZone == Self.kiritimati)
    }

    @Test("a device on UTC under another name (Etc/UTC) creates on UTC, in the form earlier versions read")
    func utcAliasCreatesOnUTC() throws {
        let context = InventoryCommandContext(
            householdID: F.home, now: F.t0, replicaID: "a", correlationID: CorrelationID(UUID()),
            makeUUID: { UUID() }, knownProducts: [], timeZone: try HouseholdTimeZone(identifier: "Etc/UTC"))
        let entries = try InventoryCommandHandler.decide(.createHousehold(name: "Home"), in: InventoryState(), context: context)
        #expect(entries.map(\.operation) == [.createHousehold(name: "Home", timeZone: .utc)])
    }

    @Test("an earlier version's creation, name and zone in one transaction, folds as before in either entry order", arguments: [false, true])
    func earlierCreationFoldsAsBefore(zoneFirst: Bool) {
        let journal = Self.legacyCreation(Self.kiritimati, at: 0, by: "a", transaction: 1, zoneFirst: zoneFirst)
        let household = InventoryProjector.project(journal).households[F.home]
        #expect(household?.timeZone == Self.kiritimati && household?.name == "Home" && household?.createdAt == F.t0)
    }

    @Test("a new device's creation, later in journal order, keeps the zone of a household an earlier version created")
    func newCreationKeepsAnEarlierVersionsZone() {
        let journal = Self.legacyCreation(Self.kiritimati, at: 0, by: "a", transaction: 1, zoneFirst: false)
            + [Self.entry(.createHousehold(name: "Home", timeZone: Self.pagoPago), at: 60, by: "b", transaction: 2, order: 1)]
        #expect(InventoryProjector.project(journal).households[F.home]?.timeZone == Self.kiritimati)
    }

    @Test("two creations booked by earlier versions keep the meaning they had: the later zone entry, until one is set on purpose")
    func earlierVersionsTwoCreations() {
        let journal = Self.legacyCreation(Self.kiritimati, at: 0, by: "a", transaction: 1, zoneFirst: true)
            + Self.legacyCreation(Self.pagoPago, at: 60, by: "b", transaction: 2, zoneFirst: false)
        #expect(InventoryProjector.project(journal).households[F.home]?.timeZone == Self.pagoPago)
        let settled = journal + [Self.entry(.setHouseholdTimeZone(Self.kiritimati), at: 120, by: "a", transaction: 3, order: 1)]
        #expect(InventoryProjector.project(settled).households[F.home]?.timeZone == Self.kiritimati)
    }

    @Test("the fold of creations and zone changes does not depend on the order entries arrive in", arguments: 0..<20)
    func arrivalOrderDoesNotMatter(seed: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 31)
        let journal = Self.legacyCreation(Self.oslo, at: 30, by: "c", transaction: 4, zoneFirst: seed % 2 == 0) + [
            Self.entry(.createHousehold(name: "Home", timeZone: Self.kiritimati), at: 0, by: "a", transaction: 1, order: 1),
            Self.entry(.createHousehold(name: "Home", timeZone: Self.pagoPago), at: 10, by: "b", transaction: 2, order: 1),
            Self.entry(.setHouseholdTimeZone(Self.pagoPago), at: 20, by: "a", transaction: 3, order: 1),
        ]
        let full = InventoryProjector.project(journal)
        #expect(full.households[F.home]?.timeZone == Self.oslo)
        var state = InventoryState()
        var seen: [InventoryJournalEntry] = []
        for entry in journal.shuffled(using: &random) {
            seen.append(entry)
            if state.apply(entry) == .requiresReprojection { state = InventoryProjector.project(seen) }
        }
        #expect(state == full)
    }
}
