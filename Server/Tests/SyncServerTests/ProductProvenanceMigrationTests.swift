import Foundation
import InventoryKit
import InventorySync
import PostgresNIO
import ProductImport
import ProductModule
import ProductModuleTesting
@testable import SyncServer
import SyncWire
import Testing
import ThrowawayPostgres

/// `data_0001_product_provenance_stated_once`: product rows a device on an earlier kit pushed — provenance stating
/// every field's source in full — are rewritten with each source stated once, in `changes` and in `entities`, read as
/// before by a device pulling them, and nothing else of any row changes.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ProductProvenanceMigrationTests {
    /// Provenance exactly as kits before the stored form wrote it (the SQLite store's `v11` test data): every field
    /// repeats its provider, date and revision.
    static let earlierForm = #"""
        {"contributors":["openfoodfacts","csv"],"fields":{"brand":{"provider":"openfoodfacts","recordedAt":800000000,\#
        "revisedAt":799000000,"revision":"1042","valueHash":"1f0e3dad99908345"},"categories":{"provider":"openfoodfacts",\#
        "recordedAt":800000000,"revisedAt":799000000,"revision":"1042","valueHash":"2c9b4a2f3e5d6c7b"},"title":\#
        {"provider":"user","recordedAt":800100000,"valueHash":"8a7b6c5d4e3f2a1b"},"images":{"provider":"openfoodfacts",\#
        "recordedAt":800000000,"revisedAt":799000000,"revision":"1042"}},"primaryProvider":"openfoodfacts",\#
        "synthetic":false}
        """#

    /// Product number `number` with the earlier form's provenance, as a device on an earlier kit holds it.
    static func earlierFormProduct(_ number: Int, title: String? = nil) throws -> Product {
        var product = try Product.fixture(number: number, barcoded: true, title: title)
        product.attributes[ProductProvenance.attributeKey] = earlierForm
        return product
    }

    /// The stored form the kit writes for `product`'s provenance (what a device's own store migration writes).
    static func storedForm(of product: Product) throws -> String {
        var restated = product
        let changed = restated.restateProvenance()
        #expect(changed)
        return try #require(restated.attributes[ProductProvenance.attributeKey])
    }

    @Test func storedRowsNameEachSourceOnceAndNothingElseOfThemChanges() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let milk = try Self.earlierFormProduct(1, title: "Milk")
            var skimmed = milk
            skimmed.title = "Skimmed milk"
            let id = milk.productID
            let results = try await server.results(household, token: token, [
                try KitPayloads.productChange(id, product: milk, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.productChange(
                    id, product: skimmed, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            ])
            #expect(results.map(\.status) == [.applied, .applied])
            try await server.storeEarlierFormAsAnEarlierServerDid(household)
            // Stored as an earlier server did: the earlier form, in both change rows and the current state.
            #expect(try await server.productProvenanceTexts(household) == Array(repeating: Self.earlierForm, count: 3))
            let withoutProvenance = try await server.productRowsWithoutProvenance(household)

            try await server.rerunDataMigrations()

            let stored = try Self.storedForm(of: milk)
            #expect(stored.contains(#""sources":"#) && stored.components(separatedBy: #""1042""#).count - 1 == 1)
            #expect(try await server.productProvenanceTexts(household) == Array(repeating: stored, count: 3))
            #expect(try await server.productRowsWithoutProvenance(household) == withoutProvenance)
        }
    }

    @Test func aDevicePullingAfterTheMigrationReadsTheProvenanceItPushed() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let milk = try Self.earlierFormProduct(1)
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(milk.productID, product: milk, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            try await server.storeEarlierFormAsAnEarlierServerDid(household)
            try await server.rerunDataMigrations()

            let pulled = try await server.pullAll(household, token: token).changes
            let record = try KitPayloads.decode(RemoteProductRecord.self, try #require(pulled.first?.payload))
            let product = try #require(record.product)
            #expect(product.provenance == (try ProductProvenance(attributeValue: Self.earlierForm)))
            #expect(product.attributes[ProductProvenance.attributeKey] == (try Self.storedForm(of: milk)))
            var expected = milk
            _ = expected.restateProvenance()
            #expect(product == expected && record.stamp == KitPayloads.stamp(1) && record.sequence == pulled.first?.seq)
        }
    }

    @Test func aRetriedPushOfTheEarlierFormIsADuplicateAndTheNextChangeOnItsStampApplies() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let milk = try Self.earlierFormProduct(1)
            let create = try KitPayloads.productChange(
                milk.productID, product: milk, stamp: KitPayloads.stamp(1), baseStamp: nil)
            let first = try await server.results(household, token: token, [create])
            try await server.storeEarlierFormAsAnEarlierServerDid(household)
            try await server.rerunDataMigrations()

            // The device never heard the answer and sends the same operation again, earlier form and all.
            let retried = try await server.results(household, token: token, [create])
            #expect(retried.map(\.status) == [.duplicate] && retried.map(\.seq) == first.map(\.seq))
            // Its next edit, still in the earlier form, is built on the stamp the migration kept.
            var renamed = milk
            renamed.title = "Oat milk"
            let next = try await server.results(household, token: token, [
                try KitPayloads.productChange(
                    milk.productID, product: renamed, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            ])
            #expect(next.map(\.status) == [.applied])
        }
    }

    @Test func aProductWithoutProvenanceKeepsItsBytes() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let bread = try Product.fixture(number: 2, barcoded: true, title: "Bread")
            let milk = try Self.earlierFormProduct(1)
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(bread.productID, product: bread, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.productChange(milk.productID, product: milk, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            try await server.storeEarlierFormAsAnEarlierServerDid(household)
            let before = try await server.productRows(household, entity: bread.productID.rawValue)

            try await server.rerunDataMigrations()

            #expect(try await server.productRows(household, entity: bread.productID.rawValue) == before)
            let stored = try Self.storedForm(of: milk)
            #expect(try await server.productProvenanceTexts(household) == [nil, stored, nil, stored])
        }
    }

    @Test func aRunInBatchesSkipsRowsAnInterruptedRunRewroteAndASecondRunChangesNothing() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let products = try (1...5).map { try Self.earlierFormProduct($0) }
            _ = try await server.results(household, token: token, try products.map {
                try KitPayloads.productChange($0.productID, product: $0, stamp: KitPayloads.stamp(1), baseStamp: nil)
            })
            try await server.storeEarlierFormAsAnEarlierServerDid(household)
            // What an interrupted run left: the first two change rows committed in the stored form.
            for (seq, text) in try await server.productPayloads(household, seqs: [1, 2]) {
                let restated = try #require(ProductProvenanceRestatement.restated(text))
                try await server.store.client.query(
                    """
                    UPDATE changes SET payload = \(restated)::jsonb
                    WHERE household_id = \(household.rawValue) AND seq = \(seq)
                    """)
            }

            let outcome = try await server.restate(batchSize: 2)
            #expect(outcome == .init(changes: 3, entities: 5, unreadable: 0))
            let stored = try Self.storedForm(of: products[0])
            #expect(try await server.productProvenanceTexts(household) == Array(repeating: stored, count: 10))

            let rows = try await server.productRows(household)
            #expect(try await server.restate(batchSize: 2) == .init())
            try await server.rerunDataMigrations()
            #expect(try await server.productRows(household) == rows)
            let recorded = try await server.store.client.watchedQuery(
                "SELECT count(*) FROM schema_migrations WHERE name = \(DataMigrations.productProvenanceStatedOnce.name)",
                logger: server.store.logger, decoding: Int64.self)
            #expect(recorded == [1])
            #expect(try await Migrator().migrate(client: server.store.client, logger: server.store.logger).isEmpty)
        }
    }

    @Test func twoServersMigratingAtOnceRecordTheDataMigrationOnceAndBothFinish() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let milk = try Self.earlierFormProduct(1)
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(milk.productID, product: milk, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            try await server.storeEarlierFormAsAnEarlierServerDid(household)
            for migration in DataMigrations.all {
                try await server.store.client.query("DELETE FROM schema_migrations WHERE name = \(migration.name)")
            }
            let client = server.store.client
            let logger = server.store.logger
            async let first = Migrator().migrate(client: client, logger: logger)
            async let second = Migrator().migrate(client: client, logger: logger)
            #expect(try await (first, second) == ([], []))
            let recorded = try await client.watchedQuery(
                "SELECT count(*) FROM schema_migrations WHERE name LIKE 'data\\_%'", logger: logger, decoding: Int64.self)
            #expect(recorded == [Int64(DataMigrations.all.count)])
            #expect(try await server.productProvenanceTexts(household) == Array(repeating: try Self.storedForm(of: milk), count: 2))
        }
    }

    @Test func aPushOfTheEarlierFormIsStoredAndServedWithEachSourceOnce() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let milk = try Self.earlierFormProduct(1)
            let results = try await server.results(household, token: token, [
                try KitPayloads.productChange(milk.productID, product: milk, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            #expect(results.map(\.status) == [.applied])
            let stored = try Self.storedForm(of: milk)
            #expect(try await server.productProvenanceTexts(household) == [stored, stored])
            let pulled = try await server.pullAll(household, token: token).changes
            let product = try #require(try KitPayloads.decode(RemoteProductRecord.self, try #require(pulled.first?.payload)).product)
            var expected = milk
            _ = expected.restateProvenance()
            let pushed = try ProductProvenance(attributeValue: Self.earlierForm)
            #expect(product == expected && product.provenance == pushed)
        }
    }

    @Test func rowsThatDoNotDecodeAreLeftAsTheyAre() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            // A product whose provenance attribute names no sources but does not read as provenance either.
            var odd = try Product.fixture(number: 3, barcoded: true, title: "Odd")
            odd.attributes[ProductProvenance.attributeKey] = #"{"fields":{"title":"user"}}"#
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(odd.productID, product: odd, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            // A row that is no RemoteProductRecord at all, holding the earlier form where a product's would be.
            let broken = #"{"productId":12,"product":{"attributes":{"inventorykit.provenance":"#
                + String(decoding: try JSONEncoder().encode(Self.earlierForm), as: UTF8.self) + "}}}"
            try await server.store.client.query(
                """
                INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
                VALUES (\(household.rawValue), 1000, \(UUID()), 'product', 'broken', \(broken)::jsonb)
                """)
            try await server.store.client.query(
                """
                INSERT INTO entities (household_id, kind, entity_id, record, live, last_op_id, seq)
                VALUES (\(household.rawValue), 'product', 'broken', \(broken)::jsonb, true, \(UUID()), 1000)
                """)
            let before = try await server.productRows(household)

            #expect(try await server.restate(batchSize: 500) == .init(changes: 0, entities: 0, unreadable: 4))
            #expect(try await server.productRows(household) == before)
        }
    }
}

extension SyncServerHarness {
    /// Sets the provenance of every product row of the household that has one to the earlier form, as a server
    /// before `data_0001_product_provenance_stated_once` stored what devices on an earlier kit pushed (this server
    /// restates what it stores).
    fileprivate func storeEarlierFormAsAnEarlierServerDid(_ household: SyncServer.HouseholdID) async throws {
        let earlier = ProductProvenanceMigrationTests.earlierForm
        try await store.client.query(
            """
            UPDATE changes SET payload = jsonb_set(payload, '{product,attributes,inventorykit.provenance}', to_jsonb(\(earlier)::text))
            WHERE household_id = \(household.rawValue) AND kind = 'product'
              AND payload->'product'->'attributes'->>'inventorykit.provenance' LIKE '%"sources":%'
            """)
        try await store.client.query(
            """
            UPDATE entities SET record = jsonb_set(record, '{product,attributes,inventorykit.provenance}', to_jsonb(\(earlier)::text))
            WHERE household_id = \(household.rawValue) AND kind = 'product'
              AND record->'product'->'attributes'->>'inventorykit.provenance' LIKE '%"sources":%'
            """)
    }

    /// Deletes the record of the data migrations (which ran, on an empty database, when the harness migrated) and
    /// migrates again, as a server upgraded over rows an earlier server stored.
    fileprivate func rerunDataMigrations() async throws {
        for migration in DataMigrations.all {
            try await store.client.query("DELETE FROM schema_migrations WHERE name = \(migration.name)")
        }
        #expect(try await Migrator().migrate(client: store.client, logger: store.logger).isEmpty)
    }

    /// Runs the provenance restatement alone, in batches of `batchSize`.
    fileprivate func restate(batchSize: Int) async throws -> ProductProvenanceRestatement.Outcome {
        let logger = store.logger
        return try await store.client.withConnection { connection in
            try await ProductProvenanceRestatement(batchSize: batchSize).run(on: connection, logger: logger)
        }
    }

    /// The provenance attribute of each of the household's product change rows (in `seq` order), then of each
    /// product's current record (in id order), as stored.
    fileprivate func productProvenanceTexts(_ household: SyncServer.HouseholdID) async throws -> [String?] {
        try await store.client.watchedQuery(
            """
            SELECT text FROM (
                SELECT 0 AS part, entity_id, seq, payload->'product'->'attributes'->>'inventorykit.provenance' AS text
                FROM changes WHERE household_id = \(household.rawValue) AND kind = 'product'
                UNION ALL
                SELECT 1, entity_id, seq, record->'product'->'attributes'->>'inventorykit.provenance'
                FROM entities WHERE household_id = \(household.rawValue) AND kind = 'product'
            ) AS rows ORDER BY part, seq, entity_id
            """,
            logger: store.logger, decoding: String?.self)
    }

    /// Every product change row and current record of the household (only of `entity` when given) as stored, in
    /// one order.
    fileprivate func productRows(_ household: SyncServer.HouseholdID, entity: String? = nil) async throws -> [String] {
        try await productRows(household, entity: entity, droppingProvenance: false)
    }

    /// ``productRows(_:entity:)`` with each row's provenance attribute removed.
    fileprivate func productRowsWithoutProvenance(_ household: SyncServer.HouseholdID) async throws -> [String] {
        try await productRows(household, entity: nil, droppingProvenance: true)
    }

    private func productRows(
        _ household: SyncServer.HouseholdID, entity: String?, droppingProvenance: Bool
    ) async throws -> [String] {
        try await store.client.watchedQuery(
            """
            SELECT row FROM (
                SELECT 0 AS part, entity_id, seq, op_id,
                       CASE WHEN \(droppingProvenance) THEN payload #- '{product,attributes,inventorykit.provenance}'
                            ELSE payload END AS value
                FROM changes WHERE household_id = \(household.rawValue) AND kind = 'product'
                UNION ALL
                SELECT 1, entity_id, seq, last_op_id,
                       CASE WHEN \(droppingProvenance) THEN record #- '{product,attributes,inventorykit.provenance}'
                            ELSE record END
                FROM entities WHERE household_id = \(household.rawValue) AND kind = 'product'
            ) AS rows, LATERAL (SELECT concat_ws(' ', part, entity_id, seq, op_id, value::text) AS row) AS r
            WHERE \(entity)::text IS NULL OR entity_id = \(entity)
            ORDER BY part, seq, entity_id
            """,
            logger: store.logger, decoding: String.self)
    }

    /// The payloads of the household's change rows numbered `seqs`.
    fileprivate func productPayloads(_ household: SyncServer.HouseholdID, seqs: [Int64]) async throws
        -> [(Int64, String)]
    {
        try await store.client.watchedQuery(
            """
            SELECT seq, payload::text FROM changes
            WHERE household_id = \(household.rawValue) AND seq = ANY(\(seqs)::bigint[]) ORDER BY seq
            """,
            logger: store.logger, decoding: (Int64, String).self)
    }
}
