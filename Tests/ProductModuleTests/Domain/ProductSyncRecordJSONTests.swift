import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import Testing

/// `RecordCoding.encode` of a product's sync record writes it by hand; the bytes must be `JSONEncoder`'s.
@Suite("Product sync record JSON")
struct ProductSyncRecordJSONTests {
    @Test("Generated sync records of every status write JSONEncoder's bytes and read back equal")
    func handWrittenSyncRecordsMatchJSONEncoder() throws {
        var random = SeededRandomNumberGenerator(seed: 43)
        let replicas: [ReplicaID] = ["device-a", "b \"quoted\" / é", "z"]
        func date() -> Date {
            Date(timeIntervalSinceReferenceDate: [0, -0.0, 1, 786_123_456.123_456_7, -1.5e9, 1e15, Double.random(in: -1e9...1e9, using: &random)]
                .randomElement(using: &random) ?? 0)
        }
        func stamp() -> SyncStamp {
            SyncStamp(
                updatedAt: date(), version: Int.random(in: -2...Int.max, using: &random),
                replicaID: replicas.randomElement(using: &random) ?? "z")
        }
        for index in 0..<2_000 {
            let productID = try #require(ProductID(rawValue: "0\(4_000_000_000_000 + index)"))
            let statuses: [SyncStatus] = [
                .pendingUpsert, .pendingDelete, .synced,
                .failed(retryCount: index, lastError: "timeout \"x\"\n", nextRetryAt: index % 2 == 0 ? date() : nil),
            ]
            let record = ProductSyncRecord(
                productID: productID, status: statuses[index % statuses.count],
                stamp: stamp(), baseStamp: Bool.random(using: &random) ? stamp() : nil,
                lastSyncedAt: Bool.random(using: &random) ? date() : nil,
                pendingOperationID: Bool.random(using: &random) ? UUID() : nil)
            #expect((record as Any) is any RecordJSONWritable, "RecordCoding must take the hand-written path")
            let handWritten = try RecordCoding.encode(record)
            let foundation = try RecordCoding.encodeWithFoundation(record)
            #expect(handWritten == foundation, "record \(index): \(String(decoding: handWritten, as: UTF8.self))")
            #expect(try RecordCoding.decode(ProductSyncRecord.self, from: handWritten) == record)
        }
    }

    @Test("A field clock with field names beyond ASCII writes its keys in UTF-8 byte order, JSONEncoder's bytes, and reads back equal")
    func fieldClockWithNonASCIIKeys() throws {
        let base = SyncStamp(updatedAt: Date(timeIntervalSinceReferenceDate: 10), version: 1, replicaID: "a")
        let later = SyncStamp(updatedAt: Date(timeIntervalSinceReferenceDate: 20), version: 2, replicaID: "b")
        let names = ["z", "é", "e\u{301}x", "Ä", "title", "\u{1F600}", "ﬀ"]
        let clock = ProductFieldClock(
            base: base, fields: Dictionary(uniqueKeysWithValues: names.map { ($0, later) }), replaced: ["é": base, "a": later])
        let productID = try #require(ProductID(rawValue: "04000000000017"))
        let record = ProductSyncRecord(
            productID: productID, status: .pendingUpsert, stamp: later, baseStamp: base, lastSyncedAt: nil,
            pendingOperationID: nil, fieldClock: clock)
        let handWritten = try RecordCoding.encode(record)
        #expect(handWritten == (try RecordCoding.encodeWithFoundation(record)), "\(String(decoding: handWritten, as: UTF8.self))")
        #expect(try RecordCoding.decode(ProductSyncRecord.self, from: handWritten) == record)
    }
}
