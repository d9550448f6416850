import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

// snippet: catalog-basics
import Foundation
import InventoryKit
import ProductModule

func catalogBasics(storage: any StorageProvider, remote: any ProductRemoteGateway) async throws -> [Product] {
    let products = ProductModuleService(storage: storage, remote: remote, replicaID: "phone-1")
    let milk = try Product.new(barcode: "4006381333931", title: "Milk", brand: "Acme", id: UUID(), now: .now)
    try await products.addProducts([milk])                                 // local commit + outbox, returns
    let found = try await products.retrieveProduct(by: .barcode("400 6381 33393 1"))   // any spelling
    let page = try await products.retrieveProducts(query: ProductQuery(sort: .title(), filters: [.brand("acme")]))
    try await products.syncPending()                                       // push, retry, resolve, pull
    return [found].compactMap { $0 } + page.products
}
// end snippet

@Suite("The product catalog (README and DocC: Getting started with ProductModule)")
struct ProductCatalogTests {
    @Test("the catalog basics add, find, query and push a product")
    func basics() async throws {
        let remote = InMemoryProductRemote()
        let found = try await catalogBasics(storage: InMemoryStorageProvider(), remote: remote)
        #expect(found.map(\.title) == ["Milk", "Milk"])
        #expect(await remote.products().map(\.productID.rawValue) == ["4006381333931"])
    }

    @Test("a barcode set on a barcode-less product moves it to the barcode's id and keeps an alias")
    func barcodeMigration() async throws {
        let catalog = ProductModuleService(storage: InMemoryStorageProvider(), replicaID: "phone")
        // snippet: catalog-barcode-migration
        // Added without a barcode, a product gets a generated id ("prd_…"):
        let draft = try Product.new(barcode: nil, title: "Farm eggs", id: UUID(), now: .now)
        try await catalog.addProducts([draft])
        // Later its barcode is scanned: set it and update. The product moves to the barcode's id.
        guard var scanned = try await catalog.retrieveProduct(by: .productID(draft.productID)) else { return }
        scanned.barcode = try Barcode("4006381333931")
        let result = try await catalog.updateProducts([scanned])   // submit from the stored version
        let alias = result.migrated.first                          // from: "prd_…", to: "4006381333931"
        let viaOldID = try await catalog.retrieveProduct(by: .productID(draft.productID))   // still resolves
        // Outside the catalog (your own store, an import pipeline), the same rule as a pure function:
        let (moved, link) = try draft.withBarcodeMigration("4006381333931", now: .now)
        // end snippet
        #expect(draft.productID.isGenerated)
        #expect(alias?.to.rawValue == "4006381333931")
        #expect(viaOldID?.productID.rawValue == "4006381333931")
        #expect(moved.productID.rawValue == "4006381333931" && link.from == draft.productID)
    }

    @Test("a deterministic test device: no pushes until asked, switchable connectivity, injected faults and time")
    func syncInTests() async throws {
        // snippet: catalog-sync-in-tests
        let remote = InMemoryProductRemote()                    // ProductModuleTesting: a server's semantics
        let connectivity = ToggleConnectivity(isOnline: false)  // InventoryKitTesting
        let clock = ManualClock(Date(timeIntervalSince1970: 1_767_225_600))
        let catalog = ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote, connectivity: connectivity,
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue),
            replicaID: "test-device", clock: clock.clock, random: .constant(0.5))
        let milk = try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: clock.now)
        try await catalog.addProducts([milk])         // .localThenEnqueue: nothing runs in the background

        let offline = try await catalog.syncPending() // offline.wasOnline == false; the change waits
        await connectivity.set(online: true)
        await remote.failNextCalls(1)                 // a transient failure: retried after a backoff
        let failed = try await catalog.syncPending()  // failed.failed == 1
        clock.advance(by: 60)                         // past the retry's due date
        let synced = try await catalog.syncPending()  // synced.pushed == 1
        // end snippet
        #expect(!offline.wasOnline)
        #expect(failed.failed == 1)
        #expect(synced.pushed == 1)
        #expect(try await catalog.syncStatus(of: milk.productID) == .synced)
    }
}
