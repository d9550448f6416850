import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import ProductImport
import ProductModule
import ProductModuleTesting
import Testing

// snippet: composition-resolver
import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductImport
import ProductModule

/// The inventory asks the catalog whether a product exists, and where a migrated id points now.
struct CatalogProductResolver: ProductReferenceResolver {
    let catalog: ProductModuleService

    func resolve(_ reference: ProductReference) async throws -> ProductReferenceResolution {
        guard let id = ProductID(rawValue: reference.rawValue),
            let product = try await catalog.retrieveProduct(by: .productID(id))
        else { return .unknown }   // never throw for an unknown id
        return .exists(canonical: ProductReference(rawValue: product.productID.rawValue) ?? reference)
    }
}
// end snippet

// snippet: composition-services

/// One device's services on one store. Build it once at launch and hand its parts to your features.
struct AppServices: Sendable {
    let catalog: ProductModuleService
    let inventory: InventoryModuleService
    let namedEntities: NamedEntitySync
    let importer: ImportService

    init(
        storage: any StorageProvider, replicaID: ReplicaID,
        productRemote: (any ProductRemoteGateway)?, inventoryRemote: (any InventoryRemoteGateway)?,
        namedEntityRemote: (any NamedEntityRemoteGateway)?,
        connectivity: any ConnectivityProvider = StaticConnectivity.online,
        writePolicy: SyncWritePolicy = .localThenRemoteImmediate   // tests: .localThenEnqueue
    ) {
        catalog = ProductModuleService(
            storage: storage, remote: productRemote, connectivity: connectivity,
            strategy: ProductSyncStrategy(writePolicy: writePolicy), replicaID: replicaID)
        inventory = InventoryModuleService(
            storage: storage, remote: inventoryRemote, products: CatalogProductResolver(catalog: catalog),
            connectivity: connectivity, strategy: InventorySyncStrategy(writePolicy: writePolicy),
            replicaID: replicaID)
        namedEntities = NamedEntitySync(
            storage: storage, remote: namedEntityRemote, connectivity: connectivity,
            configuration: OutboxSyncConfiguration(writePolicy: writePolicy))
        importer = ImportService(products: catalog)
    }

    /// One sync pass of everything. Name the households: a new device has loaded none.
    func sync(households: [HouseholdID]) async throws {
        try await catalog.syncPending()
        try await namedEntities.sync()
        try await inventory.syncPending(households: households)
    }
}
// end snippet

// snippet: composition-zero-to-synced
/// From an empty phone to stock that a second device sees.
func zeroToSyncedInventory(phone: AppServices, tablet: AppServices, openFoodFactsJSONL: Data) async throws -> InventoryState {
    // 1. Products in: each line of an Open Food Facts JSONL export is one record (raw `Data`).
    let records = OpenFoodFactsNormalizer.records(fromJSONLines: openFoodFactsJSONL)
    let report = try await phone.importer.importRecords(records, from: OpenFoodFactsNormalizer())
    guard report.rejected.isEmpty else { throw ImportFailed(report: report) }

    // 2. A household, a place and a unit. Derived ids are the same on every device.
    let home = HouseholdID(UUID())   // with a sync server: the household id the server gave you
    let fridge = LocationID.derived(household: home, name: "Fridge")
    let piece = UnitID.derived(name: "piece")
    try await phone.inventory.perform(.createHousehold(name: "Home"), in: home)
    try await phone.inventory.perform(.defineLocation(LocationDefinition(name: "Fridge")), in: home)
    try await phone.inventory.perform(.defineUnit(UnitDefinition(name: "piece")), in: home)

    // 3. Stock. A purchase names a unit and a location (or the product's settings give them); the
    //    resolver checks the product id against the catalog: a product's id is its normalized barcode.
    let milk = try ProductReference("4006381333931")
    try await phone.inventory.perform(
        .purchase(PurchaseRequest(productID: milk, amount: 2, unit: piece, locationID: fridge)), in: home)

    // 4. Named entities: "Dairy" and "DAIRY " are one category on every device.
    _ = try await phone.namedEntities.repository(for: .category).getOrCreate("Dairy")

    // 5. Sync. The phone pushes; the tablet names the household it pulls.
    try await phone.sync(households: [home])
    try await tablet.sync(households: [home])
    return try await tablet.inventory.state(of: home)
}

struct ImportFailed: Error {
    let report: ImportReport<ProductID>
}
// end snippet

@Suite("README composition root")
struct CompositionRootTests {
    static let milkLine = #"{"code":"4006381333931","status":1,"product":{"product_name":"Milk","brands":"Acme","categories_tags":["en:milks"]}}"#

    @Test("two devices built by the composition root end with the same stock, products and categories")
    func zeroToSynced() async throws {
        // snippet: composition-test-devices
        let products = InMemoryProductRemote()        // ProductModuleTesting
        let journal = InMemoryInventoryRemote()       // InventoryModuleTesting
        let entities = InMemoryNamedEntityRemote()    // InventoryKitTesting
        func device(_ name: ReplicaID) -> AppServices {
            AppServices(
                storage: InMemoryStorageProvider(), replicaID: name, productRemote: products,
                inventoryRemote: journal, namedEntityRemote: entities, writePolicy: .localThenEnqueue)
        }
        let phone = device("phone"), tablet = device("tablet")
        let state = try await zeroToSyncedInventory(
            phone: phone, tablet: tablet, openFoodFactsJSONL: Data(Self.milkLine.utf8))
        // end snippet
        let milk = try ProductReference("4006381333931")
        #expect(state.stock(of: milk).total == 2)
        #expect(state.households.values.map(\.name) == ["Home"])
        let pulled = try await tablet.catalog.retrieveProduct(by: .barcode("400 6381 33393 1"))
        #expect(pulled?.title == "Milk")
        let dairy = try await tablet.namedEntities.repository(for: .category).find("dairy")
        #expect(dairy?.displayName == "Dairy")
    }
}
