import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventorySync
import NIOCore
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// The views over HTTP: what a device booked and pushed is what `views/*` answers — exact amounts, the household's
/// calendar days, product titles as text — at the `seq` it names; `atLeast` reads one's own writes and is bounded;
/// bad parameters, foreign and revoked tokens are refused with the envelope.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct HouseholdViewAPITests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    static let exact = Decimal(string: "1.2345678901234567890123456789012345678") ?? 0

    /// A device that booked a week's shopping and pushed it; returns the push's last `seq`.
    static func bookAndPush(
        _ server: SyncServerHarness, _ household: SyncServer.HouseholdID, _ token: BearerToken, title: String
    ) async throws -> (seq: Int64, product: ProductReference) {
        let product = try KitPayloads.product("4006381333931", title: title)
        let reference = try #require(ProductReference(rawValue: product.productID.rawValue))
        let journal = StorageInventoryStore(storage: InMemoryStorageProvider())
        let device = InventoryModuleService(
            store: journal, replicaID: ReplicaID("view-device"), timeZone: HouseholdTimeZone(berlin))
        let kit = InventoryModule.HouseholdID(household.rawValue)
        let today = CalendarDay(containing: Date(), in: berlin)
        let piece = UnitID.derived(name: "piece")
        try await device.perform(.createHousehold(name: "Home"), in: kit)
        try await device.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: kit)
        let fridge = LocationID.derived(household: kit, name: "Fridge")
        try await device.perform(.defineLocation(LocationDefinition(id: fridge, name: "Fridge")), in: kit)
        try await device.perform(.purchase(PurchaseRequest(productID: reference, amount: exact, unit: piece, locationID: fridge, dueDate: .on(today.adding(days: 2)))), in: kit)
        try await device.perform(.purchase(PurchaseRequest(productID: reference, amount: 1, unit: piece, locationID: fridge, dueDate: .on(today.adding(days: -3)))), in: kit)
        try await device.perform(.setProductSettings(ProductStockSettings(productID: reference, minimumStock: 10, stockUnit: piece)), in: kit)
        try await device.perform(.addShoppingListItem(ShoppingListRequest(note: "<b>bread</b> & \"butter\"")), in: kit)
        let operations = try await journal.entries(of: kit).map { entry in
            PushOperation(
                opId: entry.id.uuidString.lowercased(), kind: "journal", entityId: entry.id.uuidString.lowercased(),
                payload: try KitPayloads.payload(entry))
        } + [try KitPayloads.productChange(product.productID, product: product, stamp: KitPayloads.stamp(1), baseStamp: nil)]
        let response = try await server.push(household, token: token, operations: operations)
        #expect(response.status == .ok)
        let seqs = try decode(PushResponse.self, response).results.compactMap(\.seq)
        return (try #require(seqs.max()), reference)
    }

    static func get(_ server: SyncServerHarness, _ path: String, _ token: BearerToken?) async throws -> TestResponse {
        try await server.client.execute(uri: path, method: .get, headers: SyncServerHarness.headers(token))
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    @Test func viewsAnswerWhatADevicePushedAtTheSeqTheyName() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let hostile = "<script>alert(1)</script> \" onmouseover=\"x"
            let (seq, product) = try await Self.bookAndPush(server, household, token, title: hostile)
            let base = "/v1/households/\(household)/views"

            let stock = try await Self.get(server, "\(base)/stock?atLeast=\(seq)", token)
            #expect(stock.status == .ok)
            let stockText = String(buffer: stock.body)
            // Every digit of the amount, as the device wrote it; the title as text.
            #expect(stockText.contains("1.2345678901234567890123456789012345678"))
            // The views' vocabulary: a client decodes the wire contract's own type.
            let stockView = try JSONDecoder().decode(StockView.self, from: Data(stock.body.readableBytesView))
            #expect(stockView.version == HouseholdViewVocabulary.version)
            #expect(stockView.seq == seq)
            #expect(stockView.household == NamedReference(id: household.rawValue.uuidString.lowercased(), name: "Home"))
            let products = stockView.locations.flatMap(\.products)
            #expect(products.map(\.productId) == [product.rawValue])
            #expect(products.first?.title == hostile)
            #expect(products.first?.lots.count == 2)
            #expect(products.first?.lots.first?.location.name == "Fridge")
            #expect(products.first?.lots.contains { $0.amount.description == "1.2345678901234567890123456789012345678" } == true)

            let due = try Self.json(try await Self.get(server, "\(base)/due?days=3&atLeast=\(seq)", token))
            let today = CalendarDay(containing: Date(), in: Self.berlin)
            #expect(due["today"] as? String == today.description)
            #expect((due["dueSoon"] as? [[String: Any]])?.map { $0["dueDate"] as? String } == [today.adding(days: 2).description])
            #expect((due["overdue"] as? [[String: Any]])?.map { $0["dueDate"] as? String } == [today.adding(days: -3).description])
            #expect((due["expired"] as? [Any])?.isEmpty == true)

            let minimum = try Self.json(try await Self.get(server, "\(base)/below-minimum", token))
            let shortfall = try #require((minimum["shortfalls"] as? [[String: Any]])?.first)
            #expect(shortfall["productId"] as? String == product.rawValue)
            #expect(shortfall["title"] as? String == hostile)

            let list = try Self.json(try await Self.get(server, "\(base)/shopping-list", token))
            let notes = (list["entries"] as? [[String: Any]])?.compactMap { $0["note"] as? String } ?? []
            #expect(notes.contains("<b>bread</b> & \"butter\""))
        }
    }

    @Test func atLeastPastTheLogWaitsThenAnswersConflictAndBadParametersAreRefused() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let (seq, _) = try await Self.bookAndPush(server, household, token, title: "Milk")
            let base = "/v1/households/\(household)/views"
            let started = ContinuousClock.now
            let ahead = try await Self.get(server, "\(base)/stock?atLeast=\(seq + 1)", token)
            #expect(ahead.status == .conflict)
            #expect(String(buffer: ahead.body).contains("\"code\":\"conflict\""))
            #expect(ContinuousClock.now - started >= .seconds(4))
            for path in ["stock?atLeast=-1", "stock?atLeast=x", "due?days=366", "due?days=-1", "due?days=two"] {
                let response = try await Self.get(server, "\(base)/\(path)", token)
                #expect(response.status == .badRequest, "\(path)")
                #expect(String(buffer: response.body).contains("invalid_request"), "\(path)")
            }
        }
    }

    @Test func viewsRefuseMissingForeignAndRevokedTokens() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let (_, otherToken, _) = try await server.household("Other")
            _ = try await Self.bookAndPush(server, household, token, title: "Milk")
            for view in ["stock", "due", "below-minimum", "shopping-list"] {
                let path = "/v1/households/\(household)/views/\(view)"
                #expect(try await Self.get(server, path, nil).status == .unauthorized, "\(view)")
                #expect(try await Self.get(server, path, otherToken).status == .forbidden, "\(view)")
                #expect(try await Self.get(server, path, token).status == .ok, "\(view)")
            }
            try await server.store.erase(household)
            let erased = try await Self.get(server, "/v1/households/\(household)/views/stock", token)
            #expect(erased.status == .unauthorized)
            #expect(String(buffer: erased.body).contains("household_erased"))
        }
    }
}
