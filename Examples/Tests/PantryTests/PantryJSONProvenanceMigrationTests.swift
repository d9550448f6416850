import Foundation
import InventoryKit
import InventorySync
import JSONFileStorage
@testable import Pantry
import ProductImport
import ProductModule
import Testing

/// pantry's JSON store written before provenance stated each source once — products and outbox entries whose
/// provenance states every field's source in full — opens with each product's provenance stated once per source,
/// equal as read, and nothing else of the records changed (SQLite's `v11-provenance-stated-once`, for JSON files).
@Suite("pantry's JSON store: provenance stated once")
struct PantryJSONProvenanceMigrationTests {
    /// Provenance exactly as stores before the change hold it: every field repeats its provider, date and revision.
    static let earlierForm = #"""
        {"contributors":["openfoodfacts","csv"],"fields":{"brand":{"provider":"openfoodfacts","recordedAt":800000000,\#
        "revisedAt":799000000,"revision":"1042","valueHash":"1f0e3dad99908345"},"categories":{"provider":"openfoodfacts",\#
        "recordedAt":800000000,"revisedAt":799000000,"revision":"1042","valueHash":"2c9b4a2f3e5d6c7b"},"title":\#
        {"provider":"user","recordedAt":800100000,"valueHash":"8a7b6c5d4e3f2a1b"},"images":{"provider":"openfoodfacts",\#
        "recordedAt":800000000,"revisedAt":799000000,"revision":"1042"}},"primaryProvider":"openfoodfacts",\#
        "synthetic":false}
        """#

    static let now = Date(timeIntervalSinceReferenceDate: 800_200_000)

    /// Milk, carrying provenance in `form`.
    static func milk(provenance form: String = earlierForm) throws -> Product {
        var milk = try Product.new(barcode: "4006381333931", title: "Whole Milk", brand: "Acme", id: UUID(), now: now)
        milk.attributes[ProductProvenance.attributeKey] = form
        return milk
    }

    /// Bread, without provenance.
    static func bread() throws -> Product {
        try Product.new(barcode: "5000112637922", title: "Bread", id: UUID(), now: now)
    }

    /// The outbox entry creating `product`.
    static func entry(creating product: Product) -> ProductOutboxEntry {
        let change = ProductChange(
            productID: product.productID, product: product, stamp: SyncStamp(updatedAt: now, version: 1, replicaID: "mac"),
            baseStamp: nil)
        return ProductOutboxEntry(
            operationID: UUID(uuidString: "6F1C2A3B-4D5E-4F60-8172-93A4B5C6D7E8")!, entityID: product.productID.rawValue,
            sequence: 1, payload: change, enqueuedAt: now)
    }

    /// A JSON store's folder, its record files written as literal text the way stores before the change hold them.
    struct Fixture {
        let root: URL

        init() throws {
            root = try newFolder().appendingPathComponent("s")
        }

        /// The record file of `id` in `collection`: the name the store gives it (lowercase letters, digits, `-` and
        /// `_` kept, every other byte `%XX`).
        func path(_ id: RecordID, in collection: RecordCollection, scope: StorageScope) -> URL {
            let name = id.rawValue.utf8.map { byte in
                let kept = (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
                return kept ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
            }.joined()
            return root.appendingPathComponent(scope.rawValue).appendingPathComponent("metadata")
                .appendingPathComponent(collection.rawValue).appendingPathComponent(name + ".json")
        }

        /// Writes a record file: its fields in the synthesized coding earlier stores wrote, the payload in base64.
        @discardableResult
        func write(
            _ id: RecordID, payload: Data, fields: [String: FieldValue], revision: Int, in collection: RecordCollection,
            scope: StorageScope
        ) throws -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let fieldText = String(decoding: try encoder.encode(fields), as: UTF8.self)
            let text = #"{"fields":\#(fieldText),"id":"\#(id.rawValue)","payload":"\#(payload.base64EncodedString())","revision":\#(revision)}"#
            try writeText(text, to: path(id, in: collection, scope: scope))
            return text
        }

        /// Writes a product's record file.
        @discardableResult
        func write(_ product: Product) throws -> String {
            try write(
                product.productID.recordID, payload: try RecordCoding.encode(product),
                fields: product.indexedFields(syncState: .pendingUpsert), revision: 2,
                in: StorageProductStore.productCollection, scope: .domain)
        }

        /// Writes an outbox entry's record file.
        @discardableResult
        func write(_ entry: ProductOutboxEntry) throws -> String {
            try write(
                entry.recordID, payload: try RecordCoding.encode(entry), fields: entry.indexedFields, revision: 1,
                in: ProductOutboxEntry.collection, scope: .user)
        }

        func writeText(_ text: String, to url: URL) throws {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// A file's text.
        func text(_ url: URL) throws -> String {
            String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }

        /// The store's list of applied migrations, or `nil`.
        var manifest: String? {
            (try? Data(contentsOf: root.appendingPathComponent("migrations.json"))).map { String(decoding: $0, as: UTF8.self) }
        }

        /// Opens the store as pantry does.
        func open() async throws -> JSONFileStorage {
            try await JSONFileStorage(root: root, migrations: JSONStoreMigrations.all)
        }
    }

    static let manifest = #"{"applied":["products-provenance-stated-once","product-outbox-provenance-stated-once"]}"#

    @Test("a store written before opens with its products' and outbox's provenance stated once, read as before, once")
    func migratesProductsAndOutbox() async throws {
        let fixture = try Fixture()
        let expected = try ProductProvenance(attributeValue: Self.earlierForm)
        #expect(expected.fields.count == 4 && expected.fields[.title]?.provider == .user)
        let milk = try Self.milk()
        let bread = try Self.bread()
        let entry = Self.entry(creating: milk)
        let earlierMilk = try fixture.write(milk)
        let breadText = try fixture.write(bread)
        try fixture.write(entry)

        let storage = try await fixture.open()
        let store = StorageProductStore(storage: storage)
        let read = try #require(try await store.product(milk.productID))
        #expect(read.provenance == expected)
        #expect(read.title == "Whole Milk" && read.version == milk.version)
        let stored = try #require(read.attributes[ProductProvenance.attributeKey])
        #expect(stored.contains(#""sources":"#) && stored.components(separatedBy: "\"1042\"").count - 1 == 1, "\(stored)")
        #expect(stored.utf8.count < Self.earlierForm.utf8.count, "\(stored.utf8.count) bytes against \(Self.earlierForm.utf8.count)")
        let record = try #require(try await storage.domainMetadata.record(milk.productID.recordID, in: StorageProductStore.productCollection))
        #expect(record.revision == 2 && record.fields == milk.indexedFields(syncState: .pendingUpsert))
        let pending = try #require(try await storage.userMetadata.load(ProductOutboxEntry.self, id: entry.recordID))
        #expect(pending.payload.product?.provenance == expected)
        #expect(pending.payload.product?.attributes[ProductProvenance.attributeKey] == stored)
        #expect(pending.operationID == entry.operationID && pending.sequence == 1)
        #expect(try await store.product(bread.productID) == bread)
        await storage.close()
        let breadFile = fixture.path(bread.productID.recordID, in: StorageProductStore.productCollection, scope: .domain)
        #expect(try fixture.text(breadFile) == breadText, "a product without provenance keeps its bytes")
        #expect(fixture.manifest == Self.manifest)

        // Recorded: a product in the earlier form put back afterwards is not rewritten again.
        let milkFile = fixture.path(milk.productID.recordID, in: StorageProductStore.productCollection, scope: .domain)
        try fixture.writeText(earlierMilk, to: milkFile)
        let reopened = try await fixture.open()
        #expect(try await StorageProductStore(storage: reopened).product(milk.productID)?.provenance == expected)
        await reopened.close()
        #expect(try fixture.text(milkFile) == earlierMilk)
    }

    @Test("an open that stopped midway (the product rewritten, the outbox not, nothing recorded) is finished by the next")
    func crashMidwayFinishes() async throws {
        let fixture = try Fixture()
        var restated = try Self.milk()
        let changed = restated.restateProvenance()
        #expect(changed)
        let milk = try Self.milk()
        let rewritten = try fixture.write(restated)
        let entry = Self.entry(creating: milk)
        try fixture.write(entry)
        #expect(fixture.manifest == nil)

        let storage = try await fixture.open()
        let expected = try ProductProvenance(attributeValue: Self.earlierForm)
        let pending = try #require(try await storage.userMetadata.load(ProductOutboxEntry.self, id: entry.recordID))
        #expect(pending.payload.product?.attributes[ProductProvenance.attributeKey] == restated.attributes[ProductProvenance.attributeKey])
        #expect(pending.payload.product?.provenance == expected)
        #expect(try await StorageProductStore(storage: storage).product(milk.productID)?.provenance == expected)
        await storage.close()
        let milkFile = fixture.path(milk.productID.recordID, in: StorageProductStore.productCollection, scope: .domain)
        #expect(try fixture.text(milkFile) == rewritten, "a product rewritten already keeps its bytes")
        #expect(fixture.manifest == Self.manifest)
    }

    @Test("a product record that does not decode is left as it is, reported when read, and the store still opens")
    func undecodableRecordIsLeftAsItIs() async throws {
        let fixture = try Fixture()
        let milk = try Self.milk()
        try fixture.write(milk)
        let broken = try Self.bread().productID
        let brokenText = try fixture.write(
            broken.recordID, payload: Data(#"{"productId":"5000112637922","title":"#.utf8), fields: [:], revision: 1,
            in: StorageProductStore.productCollection, scope: .domain)
        let tornFile = fixture.path(try RecordID("4006381333948"), in: StorageProductStore.productCollection, scope: .domain)
        try fixture.writeText(#"{"fields":{},"id":"4006381333"#, to: tornFile)

        let storage = try await fixture.open()
        let store = StorageProductStore(storage: storage)
        let expected = try ProductProvenance(attributeValue: Self.earlierForm)
        #expect(try await store.product(milk.productID)?.provenance == expected)
        await #expect(throws: StorageError.self) { _ = try await store.product(broken) }
        #expect(await storage.integrityIssues.count == 1, "the file that is no record is reported")
        await storage.close()
        #expect(try fixture.text(fixture.path(broken.recordID, in: StorageProductStore.productCollection, scope: .domain)) == brokenText)
        #expect(try fixture.text(tornFile) == #"{"fields":{},"id":"4006381333"#)
        #expect(fixture.manifest == Self.manifest)
    }

    @Test("pantry opens a JSON store written before with its product's and outbox's provenance stated once")
    func pantryMigratesItsStore() async throws {
        let folder = try newFolder()
        let added = try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk", "--store", "json", "--path", "s"], in: folder)
        #expect(added.status == 0, "\(added.error)")
        // Put the earlier form into the product and the entry pantry wrote, and forget the migrations.
        let root = folder.appendingPathComponent("s")
        let id = try Self.milk().productID
        do {
            let storage = try await JSONFileStorage(root: root)
            var record = try #require(try await storage.domainMetadata.record(id.recordID, in: StorageProductStore.productCollection))
            var product = try RecordCoding.decode(Product.self, from: record.payload)
            product.attributes[ProductProvenance.attributeKey] = Self.earlierForm
            record.payload = try RecordCoding.encode(product)
            try await storage.domainMetadata.put(record, in: StorageProductStore.productCollection)
            let entries = try await storage.userMetadata.all(in: ProductOutboxEntry.collection)
            #expect(entries.count == 1)
            for var stored in entries {
                var entry = try ProductOutboxEntry.decode(stored)
                entry.payload.product = product
                stored.payload = try RecordCoding.encode(entry)
                try await storage.userMetadata.put(stored, in: ProductOutboxEntry.collection)
            }
            await storage.close()
        }
        #expect(String(decoding: try Data(contentsOf: root.appendingPathComponent("migrations.json")), as: UTF8.self) == Self.manifest)
        try FileManager.default.removeItem(at: root.appendingPathComponent("migrations.json"))

        let shown = try PantryRun.run(["product", "show", "4006381333931", "--store", "json", "--path", "s"], in: folder)
        #expect(shown.status == 0, "\(shown.error)")
        let storage = try await JSONFileStorage(root: root)
        let product = try #require(try await StorageProductStore(storage: storage).product(id))
        let stored = try #require(product.attributes[ProductProvenance.attributeKey])
        let expected = try ProductProvenance(attributeValue: Self.earlierForm)
        #expect(stored.contains(#""sources":"#) && product.provenance == expected)
        let entries = try await storage.userMetadata.all(in: ProductOutboxEntry.collection)
        #expect(try entries.map { try ProductOutboxEntry.decode($0).payload.product?.attributes[ProductProvenance.attributeKey] } == [stored])
        await storage.close()
    }
}
