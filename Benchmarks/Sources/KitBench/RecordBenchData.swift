import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SQLiteStorage

/// The deterministic data of the generic-record scenarios: client records with a few indexed fields, and
/// inventory journal entries for a remote.
enum RecordBenchData {
    /// A client of a small business, as an app would keep it in a generic collection.
    struct Client: StorableRecord, Equatable {
        static let collection: RecordCollection = "clients"
        var id: UUID
        var name: String
        var email: String
        var city: String
        /// `active` (half of the clients), `lead` or `inactive`.
        var status: String
        var score: Int
        var updatedAt: Date
        var recordID: RecordID { RecordID(id) }
        var indexedFields: [String: FieldValue] {
            ["name": .string(name), "city": .string(city), "status": .string(status), "updatedAt": .date(updatedAt)]
        }
    }

    /// The composite index an app declares for ``activeQuery(limit:cursor:)``: clients by status, then by update
    /// time.
    static let activePair = SQLiteCompositeIndex(Client.collection, equal: "status", sortedBy: "updatedAt")

    /// The query of the page scenarios: active clients, most recently updated first.
    static func activeQuery(limit: Int, cursor: RecordCursor? = nil) -> RecordQuery {
        RecordQuery(
            filter: .equals("status", .string("active")), sort: [.descending("updatedAt")], limit: limit, cursor: cursor)
    }

    private static let cities = ["Lyon", "Zürich", "Köln", "Graz", "Bern", "Lille", "Genève", "Basel"]
    private static let statuses = ["active", "lead", "active", "inactive"]

    /// Client `i`: a deterministic id, an update time that mostly differs between clients (every 7th shares its
    /// second with the previous one, so the id tiebreak matters).
    static func client(_ index: Int) -> Client {
        var generator = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9 &+ 17)
        let high = generator.next()
        let low = generator.next()
        let uuid = uuid(high, low)
        let seconds = Double(index - (index % 7 == 0 ? 1 : 0)) * 13
        return Client(
            id: uuid, name: "Client \(high % 1_000_000)", email: "client\(index)@example.org",
            city: cities[index % cities.count], status: statuses[Int(low % 4)], score: Int(high % 100),
            updatedAt: Date(timeIntervalSinceReferenceDate: 700_000_000 + seconds))
    }

    /// A version 4 UUID from two random words.
    static func uuid(_ high: UInt64, _ low: UInt64) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: high.bigEndian) { bytes.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: low.bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
        bytes[6] = 0x40 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// Journal entry `i` of the bench household: a purchase of one of the benchmark products.
    static func journalEntry(_ index: Int) -> InventoryJournalEntry {
        var generator = SplitMix64(seed: UInt64(index) &* 0x5851_F42D &+ 3)
        let id = uuid(generator.next(), generator.next())
        let household = InventoryBenchData.household
        guard let product = ProductReference(rawValue: BenchData.barcode(index % InventoryBenchData.productCount)) else {
            fatalError("benchmark product reference \(index) is invalid")
        }
        let location = LocationID.derived(
            household: household, name: InventoryBenchData.locations[index % InventoryBenchData.locations.count])
        let at = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index))
        return InventoryJournalEntry(
            id: id, householdID: household, transactionID: TransactionID(uuid(generator.next(), generator.next())),
            correlationID: CorrelationID(uuid(generator.next(), generator.next())), recordedAt: at,
            replicaID: BenchData.replica,
            operation: .purchase(
                PurchasePayload(
                    lotID: LotID(id), productID: product, amount: Decimal(1 + index % 6), unit: InventoryBenchData.piece,
                    locationID: location, price: index % 2 == 0 ? Decimal(99 + index % 900) / 100 : nil, purchasedAt: at)))
    }
}
