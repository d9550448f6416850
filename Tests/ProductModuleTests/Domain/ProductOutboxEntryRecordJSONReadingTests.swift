import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import Testing

/// `RecordCoding.decode` of a product outbox entry reads it by hand (`OutboxEntry: RecordJSONReadable` where its
/// payload is, `ProductChange`, `SyncStamp`); the entry (or the refusal) must be `JSONDecoder`'s.
@Suite("Product outbox entry record JSON reading")
struct ProductOutboxEntryRecordJSONReadingTests {
    /// The hand-written reading of `data`, or `nil` where it leaves the bytes to `JSONDecoder`.
    private func handRead(_ data: Data) -> ProductOutboxEntry? {
        RecordJSONReader.read(data) { ProductOutboxEntry.read(from: &$0) }
    }

    /// Checks that `RecordCoding.decode` answers as `JSONDecoder` does, and that a hand-read entry is
    /// `JSONDecoder`'s entry. Returns whether the hand-written path read it.
    @discardableResult
    private func expectFoundationsAnswer(_ data: Data, _ comment: @autoclosure () -> String) -> Bool {
        let foundation = Result { try RecordCoding.decodeWithFoundation(ProductOutboxEntry.self, from: data) }
        let decoded = Result { try RecordCoding.decode(ProductOutboxEntry.self, from: data) }
        let hand = handRead(data)
        switch foundation {
        case .success(let entry):
            #expect((try? decoded.get()) == entry, "\(comment())")
            if let hand { #expect(hand == entry, "\(comment())") }
        case .failure:
            #expect(hand == nil, "read by hand, refused by JSONDecoder: \(comment())")
            #expect(throws: (any Error).self, "\(comment())") { try decoded.get() }
        }
        return hand != nil
    }

    /// Strings a store or a remote may put in an entry: quotes, escapes, controls, scalars beyond the BMP.
    private static let hostile = [
        "timed out\n\"again\" \u{1}\u{1F}", "back\\slash / slash \u{202E}bidi\u{202C}", "emoji 🧀 and 𝄞", "é vs e\u{301}",
        "", String(repeating: "W", count: 300),
    ]

    /// Entries of every shape the writer writes: deletions (with or without a migration), base stamps, field clocks,
    /// superseded ids, retries and quarantines, hostile strings and replica names, odd dates.
    private func generatedEntries(count: Int = 240, seed: UInt64 = 53) -> [ProductOutboxEntry] {
        var random = SeededRandomNumberGenerator(seed: seed)
        let products = [ProductFixtures.draft()] + (0..<count).map { ProductFixtures.random($0, using: &random) }
        let replicas: [ReplicaID] = ["phone", "a \"quoted\" / replica", "Küche", "tab\tinside", "🧀"]
        let dates = [0, -1e9, 800_000_000.123_456, 1e-7, 978_307_200, -0.5, 123_456_789.987_654_321]
        // ASCII names only: `ProductFieldClock.write(to:)` sorts names as Swift orders strings, not by their bytes.
        let fieldNames = ProductField.allCases.map(\.rawValue) + ["a\"b\\c", "Z/z"]
        return (0..<count).map { index in
            let product = products[index % products.count]
            func date() -> Date {
                Date(timeIntervalSinceReferenceDate: Bool.random(using: &random)
                    ? dates[Int.random(in: 0..<dates.count, using: &random)] : Double.random(in: -1e9...1e9, using: &random))
            }
            func stamp() -> SyncStamp {
                SyncStamp(
                    updatedAt: date(), version: Int.random(in: -5...Int.max, using: &random),
                    replicaID: replicas[Int.random(in: 0..<replicas.count, using: &random)])
            }
            func stamps() -> [String: SyncStamp] {
                Dictionary(
                    (0..<Int.random(in: 0...4, using: &random)).map { _ in
                        (fieldNames[Int.random(in: 0..<fieldNames.count, using: &random)], stamp())
                    }, uniquingKeysWith: { first, _ in first })
            }
            let deletion = index % 4 == 1
            let clock = index % 3 == 0 ? nil : ProductFieldClock(base: stamp(), fields: stamps(), replaced: stamps())
            let change = ProductChange(
                productID: product.productID, product: deletion ? nil : product, stamp: stamp(),
                baseStamp: Bool.random(using: &random) ? stamp() : nil,
                migratedTo: deletion && Bool.random(using: &random) ? products[(index + 1) % products.count].productID : nil,
                fieldClock: clock)
            let quarantined = index % 5 == 2
            let retrying = index % 5 == 3
            let text = Self.hostile[index % Self.hostile.count]
            return ProductOutboxEntry(
                operationID: ProductFixtures.uuid(using: &random),
                entityID: index % 7 == 6 ? text : product.productID.rawValue,
                sequence: Int64.random(in: Int64.min...Int64.max, using: &random), payload: change, enqueuedAt: date(),
                attempts: quarantined || retrying ? Int.random(in: 1...Int.max, using: &random) : 0,
                nextAttemptAt: retrying ? date() : nil, lastError: quarantined || retrying ? text : nil,
                isQuarantined: quarantined,
                supersededOperationIDs: (0..<[0, 1, 3, 64][index % 4]).map { _ in ProductFixtures.uuid(using: &random) })
        }
    }

    /// An entry with every member set: a base stamp, a field clock with both maps, a migration, superseded ids.
    private func fullEntry() throws -> ProductOutboxEntry {
        var entry = generatedEntries(count: 8)[3]
        entry.operationID = ProductFixtures.uuid
        entry.payload.product = ProductFixtures.draft()
        entry.payload.migratedTo = try ProductID("0123456789012")
        entry.payload.baseStamp = SyncStamp(updatedAt: Date(timeIntervalSinceReferenceDate: 12.5), version: 4, replicaID: "tablet")
        entry.payload.stamp = SyncStamp(updatedAt: Date(timeIntervalSinceReferenceDate: 13.25), version: 5, replicaID: "phone")
        entry.payload.fieldClock = ProductFieldClock(
            base: entry.payload.stamp, fields: ["title": entry.payload.stamp, "brand": entry.payload.stamp],
            replaced: ["title": entry.payload.baseStamp ?? entry.payload.stamp])
        entry.attempts = 3
        entry.sequence = 42
        entry.lastError = "boom"
        entry.isQuarantined = true
        entry.nextAttemptAt = Date(timeIntervalSinceReferenceDate: 99)
        entry.supersededOperationIDs = [ProductFixtures.uuid, ProductFixtures.uuid]
        return entry
    }

    @Test("ProductOutboxEntry conforms to RecordJSONReadable at run time, so RecordCoding.decode's cast reads it by hand")
    func conditionalConformanceIsFoundByRecordCodingsCast() throws {
        #expect((ProductOutboxEntry.self as Any.Type) is any RecordJSONReadable.Type)
        #expect((SyncStamp.self as Any.Type) is any RecordJSONReadable.Type)
        // A payload that does not read itself keeps its entries on JSONDecoder.
        #expect(!((OutboxEntry<PlainPayload>.self as Any.Type) is any RecordJSONReadable.Type))
        let plain = OutboxEntry(
            operationID: ProductFixtures.uuid, entityID: "x", sequence: 1, payload: PlainPayload(note: "n"),
            enqueuedAt: ProductFixtures.epoch)
        #expect(try RecordCoding.decode(OutboxEntry<PlainPayload>.self, from: RecordCoding.encode(plain)) == plain)

        // RecordCoding.decode's first branch, in a generic context as RecordCoding runs it.
        func readThroughCast<T: Decodable>(_ type: T.Type, _ data: Data) -> T? {
            guard let readable = type as? any RecordJSONReadable.Type else { return nil }
            return RecordJSONReader.read(data) { readable.read(from: &$0) } as? T
        }
        let entry = try fullEntry()
        let data = try RecordCoding.encode(entry)
        #expect(readThroughCast(ProductOutboxEntry.self, data) == entry)
        #expect(handRead(data) == entry)
    }

    @Test("Entries the writer writes are read by hand, each to JSONDecoder's entry")
    func writtenEntriesAreReadByHandAsJSONDecoderReadsThem() throws {
        for (index, entry) in try (generatedEntries() + [fullEntry()]).enumerated() {
            let data = try RecordCoding.encode(entry)
            if let product = entry.payload.product {
                #expect(try entry.encoded(withProductPayload: RecordCoding.encode(product)) == data, "entry \(index)")
            }
            #expect(expectFoundationsAnswer(data, "entry \(index)"), "entry \(index) was left to JSONDecoder")
            #expect(try RecordCoding.decode(ProductOutboxEntry.self, from: data) == entry, "entry \(index)")
        }
    }

    @Test("An entry whose product the product reader leaves is decoded by JSONDecoder, whole")
    func entriesWithRareProductsAreDecodedByJSONDecoder() throws {
        for (index, product) in [try ProductFixtures.milk(), try ProductFixtures.fullyPopulated()].enumerated() {
            var entry = try fullEntry()
            entry.payload.product = product
            let data = try RecordCoding.encode(entry)
            #expect(!expectFoundationsAnswer(data, "product \(index)"))
            #expect(try RecordCoding.decode(ProductOutboxEntry.self, from: data) == entry)
        }
    }

    @Test("Stamps are read by hand to JSONDecoder's stamp, replica names trimmed as ReplicaID trims them")
    func stampsAreReadAsJSONDecoderReadsThem() throws {
        let names = ["phone", " phone\\n", "", "   ", "\u{3000}wide\u{3000}", "a\\u0020", "\\ud83e\\uddc0"]
        let variants = names.map { "{\"replicaID\":\"\($0)\",\"updatedAt\":1.5,\"version\":2}" } + [
            "{\"version\":2,\"updatedAt\":-0,\"replicaID\":\"x\"}", "{\"updatedAt\":1.5,\"version\":2}",
            "{\"replicaID\":\"x\",\"updatedAt\":1.5,\"version\":2,\"other\":1}", "{\"replicaID\":null,\"updatedAt\":1,\"version\":2}",
            "{\"replicaID\":\"x\",\"updatedAt\":1,\"version\":2,\"version\":3}", "{\"replicaID\":\"x\",\"updatedAt\":1,\"version\":2.5}",
        ]
        for variant in variants {
            let data = Data(variant.utf8)
            let foundation = try? RecordCoding.decodeWithFoundation(SyncStamp.self, from: data)
            let hand = RecordJSONReader.read(data) { SyncStamp.read(from: &$0) }
            #expect((try? RecordCoding.decode(SyncStamp.self, from: data)) == foundation, "\(variant)")
            if let hand { #expect(hand == foundation, "\(variant)") }
        }
        #expect(RecordJSONReader.read(Data(variants[1].utf8)) { SyncStamp.read(from: &$0) }?.replicaID == "phone")
    }

    @Test("Reordered, spaced, escaped, duplicated, unknown, invalid and truncated JSON gets JSONDecoder's answer")
    func unusualAndInvalidJSONGetsJSONDecodersAnswer() throws {
        let entry = try fullEntry()
        let text = String(decoding: try RecordCoding.encode(entry), as: UTF8.self)
        func replacing(_ target: String, _ replacement: String) -> String {
            let variant = text.replacingOccurrences(of: target, with: replacement)
            #expect(variant != text, "\(target) is not in the entry")
            return variant
        }
        let spaced = text.replacingOccurrences(of: ",", with: " ,\n\t").replacingOccurrences(of: ":", with: " : ")
        let read: [String] = [
            spaced, " \(text)\n", reversedMembers(text),
            replacing("\"lastError\":\"boom\"", "\"lastError\":\"\\u0062o\\/o\\n\\ud83e\\uddc0\""),
            replacing("\"attempts\":3", "\"attempts\":-0"),
            replacing("\"replicaID\":\"tablet\"", "\"replicaID\":\" tablet \""),
            replacing("\"fields\":{", "\"fields\":{\"\\u00e9\":{\"replicaID\":\"x\",\"updatedAt\":0,\"version\":1},"),
        ]
        let variants: [String] = [
            "\(text)x", "[\(text)]", "\(text)\(text)", "{}", "null",
            replacing("\"attempts\":3", "\"attempts\":3.0"), replacing("\"attempts\":3", "\"attempts\":3e0"),
            replacing("\"attempts\":3", "\"attempts\":\"3\""), replacing("\"attempts\":3", "\"attempts\":null"),
            replacing("\"sequence\":42", "\"sequence\":99999999999999999999"),
            replacing("\"isQuarantined\":true", "\"isQuarantined\":1"),
            replacing("\"isQuarantined\":true", "\"isQuarantined\":null"),
            replacing("\"isQuarantined\":true", "\"isQuarantined\":tru"),
            replacing("\"isQuarantined\":true", "\"isQuarantined\":truex"),
            replacing("\"isQuarantined\":true", "\"isQuarantined\":false"),
            replacing("\"lastError\":\"boom\"", "\"lastError\":null"), replacing("\"lastError\":\"boom\",", ""),
            replacing("\"lastError\":\"boom\"", "\"lastError\":7"),
            replacing("\"nextAttemptAt\":99", "\"nextAttemptAt\":null"), replacing("\"nextAttemptAt\":99,", ""),
            replacing("\"nextAttemptAt\":99", "\"nextAttemptAt\":1e400"),
            replacing("\"attempts\":3,", ""), replacing("\"attempts\":3,", "\"attempts\":3,\"attempts\":4,"),
            replacing("\"attempts\":3,", "\"attempts\":3,\"unknown\":[1,{\"a\":null}],"),
            replacing("\"operationID\":\"", "\"operationID\":\"x"),
            replacing("\"operationID\":\"6F1C", "\"operationID\":\"6f1c"),
            replacing("\"supersededOperationIDs\":[", "\"supersededOperationIDs\":[null,"),
            replacing("\"supersededOperationIDs\":[", "\"supersededOperationIDs\":[\"nope\","),
            replacing("\"supersededOperationIDs\":[", "\"supersededOperationIDs\":[],\"x\":["),
            replacing("\"supersededOperationIDs\":[", "\"supersededOperationIDs\":null,\"x\":["),
            replacing("\"entityID\":\"", "\"entityID\":null,\"x\":\""),
            replacing("\"payload\":{", "\"payload\":{\"unknown\":1,"), replacing("\"payload\":{", "\"payload\":null,\"x\":{"),
            replacing("\"productId\":\"", "\"productId\":\"bad id"), replacing("\"productId\":\"", "\"productId\":\"\",\"x\":\""),
            replacing("\"migratedTo\":\"", "\"migratedTo\":null,\"x\":\""),
            replacing("\"migratedTo\":\"", "\"migratedTo\":\"\\t"),
            replacing("\"migratedTo\":\"0123456789012\",", ""),
            replacing("\"product\":{", "\"product\":null,\"x\":{"), replacing("\"product\":{", "\"product\":{\"x\":1,"),
            replacing("\"baseStamp\":{", "\"baseStamp\":null,\"x\":{"),
            replacing("\"baseStamp\":{", "\"baseStamp\":{\"version\":9,"),
            replacing("\"stamp\":{", "\"stamp\":null,\"x\":{"), replacing("\"stamp\":{", "\"x\":{"),
            replacing("\"fieldClock\":{", "\"fieldClock\":null,\"x\":{"),
            replacing("\"fieldClock\":{", "\"fieldClock\":{\"x\":1,"),
            replacing("\"fields\":{", "\"fields\":null,\"x\":{"), replacing("\"fields\":{", "\"fields\":{},\"x\":{"),
            replacing("\"replaced\":{", "\"replaced\":null,\"x\":{"),
            replacing("\"fields\":{", "\"fields\":{\"brand\":null,"),
            replacing("\"fields\":{", "\"fields\":{\"title\":{\"replicaID\":\"x\",\"updatedAt\":0,\"version\":1},"),
            replacing("\"fields\":{", "\"fields\":{\"é\":{\"replicaID\":\"x\",\"updatedAt\":0,\"version\":1},"
                + "\"e\\u0301\":{\"replicaID\":\"y\",\"updatedAt\":0,\"version\":1},"),
            replacing("\"base\":{", "\"base\":{\"extra\":0,"), replacing("\"base\":{", "\"bass\":{"),
        ]
        for (index, variant) in read.enumerated() {
            #expect(expectFoundationsAnswer(Data(variant.utf8), "read \(index): \(variant)"), "\(index) was left")
        }
        for (index, variant) in variants.enumerated() {
            expectFoundationsAnswer(Data(variant.utf8), "variant \(index): \(variant)")
        }
        // Bytes that are not UTF-8, inside a string and outside.
        let bytes = Array(text.utf8)
        for target in ["boom", "tablet", "{\"attempts"] {
            guard let range = text.range(of: target) else { continue }
            let at = text.utf8.distance(from: text.startIndex, to: range.lowerBound) + 1
            for invalid: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
                var broken = bytes
                broken.replaceSubrange(at..<at + 1, with: invalid)
                expectFoundationsAnswer(Data(broken), "invalid UTF-8 \(invalid) in \(target)")
            }
        }
        // Every prefix of the payload.
        for length in 0..<bytes.count { expectFoundationsAnswer(Data(bytes[..<length]), "prefix of \(length) bytes") }
    }

    /// `json` with every object's members in reverse order of their keys.
    private func reversedMembers(_ json: String) -> String {
        func write(_ value: Any) -> String {
            if let object = value as? [String: Any] {
                let members = object.keys.sorted(by: >).map { key in
                    "\(write(key as Any)):\(write(object[key] ?? NSNull()))"
                }
                return "{" + members.joined(separator: ",") + "}"
            }
            if let array = value as? [Any] { return "[" + array.map(write).joined(separator: ",") + "]" }
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            return data.map { String(decoding: $0, as: UTF8.self) } ?? "?"
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) else {
            return "?"
        }
        return write(object)
    }
}

/// A payload that does not read itself: its entries are decoded by `JSONDecoder`.
private struct PlainPayload: OutboxPayload, Equatable {
    static var outboxCollection: RecordCollection { "plain-outbox" }
    var note: String
}
