import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKit
import InventoryModule
import InventorySync
import NIOCore
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// Over-draws through the server: two devices that used the same lot offline push their consumptions; the
/// replica's `views/overdraws` lists the over-draw with exact amounts and both authors, the web's stock page shows
/// its banner, and each settle form (*Count it*, *Dismiss*) appends one journal entry that removes it.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct OverdrawViewTests {
    /// One device's journal: decides the kit's commands against its own state under its own replica id.
    struct Device {
        let household: InventoryModule.HouseholdID
        let replica: ReplicaID
        var state = InventoryState()
        var entries: [InventoryJournalEntry] = []
        var now: Date

        init(_ name: String, of household: SyncServer.HouseholdID, now: Date) {
            self.household = InventoryModule.HouseholdID(household.rawValue)
            replica = ReplicaID(name)
            self.now = now
        }

        /// Decides a command and folds its entries; returns them. The clock moves on a minute.
        @discardableResult
        mutating func run(_ command: InventoryCommand) throws -> [InventoryJournalEntry] {
            let context = InventoryCommandContext(
                householdID: household, now: now, replicaID: replica, correlationID: CorrelationID(UUID()),
                makeUUID: { UUID() }, productExists: { _ in true })
            let decided = try InventoryCommandHandler.decide(command, in: state, context: context)
            receive(decided)
            now += 60
            return decided
        }

        /// Folds entries another device wrote (a pull).
        mutating func receive(_ decided: [InventoryJournalEntry]) {
            for entry in decided {
                entries.append(entry)
                if state.apply(entry) == .requiresReprojection { state = InventoryProjector.project(entries) }
            }
        }
    }

    static let piece = UnitID.derived(name: "piece")

    /// The kitchen buys 2 pieces each of Milk and Butter and pushes; the phone pulls, goes offline and uses 1.5 of
    /// each while the kitchen uses 2 of each and pushes first; then the phone pushes. Returns the last `seq`, the
    /// phone's two consumption entries (the over-draws' ids) and the products.
    static func overdrawn(_ server: SyncServerHarness, _ household: SyncServer.HouseholdID, _ token: BearerToken)
        async throws -> (seq: Int64, milk: UUID, butter: UUID, products: [ProductReference])
    {
        let start = Date().addingTimeInterval(-3600)
        var kitchen = Device("kitchen", of: household, now: start)
        var phone = Device("phone", of: household, now: start.addingTimeInterval(600))
        let kit = InventoryModule.HouseholdID(household.rawValue)
        let fridge = LocationID.derived(household: kit, name: "Fridge")
        var setup = try kitchen.run(.createHousehold(name: "Home"))
        setup += try kitchen.run(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")))
        setup += try kitchen.run(.defineLocation(LocationDefinition(id: fridge, name: "Fridge")))
        var records: [PushOperation] = []
        var products: [ProductReference] = []
        for (barcode, title) in [("4006381333931", "Milk"), ("4001686301265", "Butter")] {
            let product = try KitPayloads.product(barcode, title: title)
            let reference = try #require(ProductReference(rawValue: product.productID.rawValue))
            products.append(reference)
            setup += try kitchen.run(.purchase(PurchaseRequest(productID: reference, amount: 2, unit: piece, locationID: fridge, dueDate: .never)))
            records.append(try KitPayloads.productChange(product.productID, product: product, stamp: KitPayloads.stamp(1), baseStamp: nil))
        }
        _ = try await server.results(household, token: token, try HouseholdJournal.operations(setup) + records)
        phone.receive(setup)

        var kitchenUse: [InventoryJournalEntry] = []
        var phoneUse: [[InventoryJournalEntry]] = []
        let oneAndAHalf = try #require(Decimal(string: "1.5"))
        for product in products {
            kitchenUse += try kitchen.run(.consume(ConsumeRequest(productID: product, amount: 2, unit: piece)))
            phoneUse.append(try phone.run(.consume(ConsumeRequest(productID: product, amount: oneAndAHalf, unit: piece))))
        }
        _ = try await server.results(household, token: token, try HouseholdJournal.operations(kitchenUse))
        let results = try await server.results(household, token: token, try HouseholdJournal.operations(phoneUse.flatMap(\.self)))
        let seq = try #require(results.compactMap(\.seq).max())
        return (seq, try #require(phoneUse[0].first?.id), try #require(phoneUse[1].first?.id), products)
    }

    static func overdraws(_ server: SyncServerHarness, _ household: SyncServer.HouseholdID, _ token: BearerToken, atLeast: Int64)
        async throws -> (TestResponse, [[String: Any]])
    {
        let uri = "/v1/households/\(household)/views/overdraws?atLeast=\(atLeast)"
        let response = try await HouseholdViewAPITests.get(server, uri, token)
        #expect(response.status == .ok)
        let json = try HouseholdViewAPITests.json(response)
        return (response, try #require(json["overdraws"] as? [[String: Any]]))
    }

    @Test func twoDevicesUsingOneLotShowAnOverdrawThatEitherSettleFormRemoves() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let (seq, milkEntry, butterEntry, products) = try await Self.overdrawn(server, household, token)

            // The view: both over-draws, exact amounts, the phone as author, the kitchen as taker.
            let (response, listed) = try await Self.overdraws(server, household, token, atLeast: seq)
            let (_, spec) = try OpenAPIContractTests.repositoryDocument()
            OpenAPIContractTests.expectConforms(response, "get", "/v1/households/\(household)/views/overdraws", spec)
            #expect(listed.map { $0["entryId"] as? String } == [milkEntry, butterEntry].map { $0.uuidString.lowercased() })
            let milk = try #require(listed.first)
            #expect(milk["productId"] as? String == products[0].rawValue)
            #expect(milk["title"] as? String == "Milk")
            #expect(milk["asked"] as? String == "1.5")
            #expect(milk["taken"] as? String == "0")
            #expect(milk["missing"] as? String == "1.5")
            #expect((milk["unit"] as? [String: Any])?["id"] as? String == Self.piece.rawValue)
            #expect(milk["author"] as? String == "phone")
            #expect(milk["spoiled"] as? Bool == false)
            let takers = try #require(milk["takers"] as? [[String: Any]])
            #expect(takers.map { $0["author"] as? String } == ["kitchen"])
            #expect(takers.first?["reason"] as? String == "consumed")
            #expect(takers.first?["amount"] as? String == "2")
            // Amounts as exact decimal text, never a JSON number a reader takes as a Double.
            #expect(String(buffer: response.body).contains(#""asked":"1.5""#))

            // The stock page: one banner per over-draw, telling who used what.
            let invitation = try await WebAppTests.invite(server, household, token, name: "Ana")
            var browser = WebBrowserSession(server)
            try await browser.signIn(invitation.invitationPath)
            let stockPath = "/households/\(household)/stock"
            let page = WebAppTests.text(try await browser.get(stockPath))
            #expect(page.matches(of: /<section class="overdraw" data-overdraw="/).count == 2)
            #expect(page.contains("<bdi class=\"who\">phone</bdi> used <span class=\"asked\">1.5</span> <bdi>pieces</bdi> of <bdi class=\"what\">Milk</bdi>"))
            #expect(page.contains("but only <span class=\"taken\">0</span> <bdi>pieces</bdi> were left: <span class=\"taker\"><bdi class=\"who\">kitchen</bdi> had used <span class=\"took\">2</span> <bdi>pieces</bdi>"))

            // Count it: 0.5 pieces of Milk are there. One correction entry, settling the milk's over-draw.
            let before = try await server.rowCounts(household)[0]
            let count = "/households/\(household)/overdraws/\(milkEntry.uuidString.lowercased())/count"
            let countFields = try WebBrowserSession.form(in: page, action: count, [("amount", "0,5")])
            let counted = try await browser.post(count, countFields)
            #expect(counted.status == .seeOther, "\(WebAppTests.text(counted).firstMatch(of: /role="alert">([^<]*)/)?.1 ?? "")")
            #expect(counted.headers[.location] == stockPath)
            #expect(try await browser.post(count, countFields).status == .seeOther, "a double submit books once")
            #expect(try await server.rowCounts(household)[0] == before + 1)
            let afterCount = try await server.pullAll(household, token: token)
            let correction = try KitPayloads.decode(InventoryJournalEntry.self, try #require(afterCount.changes.last?.payload))
            guard case .correct(let payload) = correction.operation else {
                Issue.record("expected a correction, got \(correction.operation)")
                return
            }
            #expect(payload.settlesOverdraws == [milkEntry])
            #expect(correction.replicaID.rawValue.hasPrefix("web:"))
            let (_, remaining) = try await Self.overdraws(server, household, token, atLeast: afterCount.cursor)
            #expect(remaining.map { $0["entryId"] as? String } == [butterEntry.uuidString.lowercased()])

            // Dismiss the butter's: one dismissal entry; no banner and no over-draw remain.
            let afterCountPage = WebAppTests.text(try await browser.get(stockPath))
            #expect(!afterCountPage.contains(milkEntry.uuidString.lowercased()))
            let dismiss = "/households/\(household)/overdraws/\(butterEntry.uuidString.lowercased())/dismiss"
            let dismissed = try await browser.post(dismiss, try WebBrowserSession.form(in: afterCountPage, action: dismiss))
            #expect(dismissed.status == .seeOther)
            let afterDismiss = try await server.pullAll(household, token: token)
            #expect(afterDismiss.changes.count == afterCount.changes.count + 1)
            let dismissal = try KitPayloads.decode(InventoryJournalEntry.self, try #require(afterDismiss.changes.last?.payload))
            #expect(dismissal.operation == .dismissOverdraw(butterEntry))
            let (_, none) = try await Self.overdraws(server, household, token, atLeast: afterDismiss.cursor)
            #expect(none.isEmpty)
            let finalPage = WebAppTests.text(try await browser.get(stockPath))
            #expect(!finalPage.contains("class=\"overdraw\""))
            // The counted milk is in stock again: 0.5 pieces.
            #expect(finalPage.contains("<span class=\"amount\">0.5</span>"))

            // Settling again, or an over-draw that does not exist, is refused with the kit's message and writes nothing.
            let rows = try await server.rowCounts(household)
            let again = try await browser.post(
                dismiss, try WebBrowserSession.form(in: afterCountPage, action: dismiss, [("submission", UUID().uuidString)]))
            #expect(again.status == .unprocessableContent)
            #expect(WebAppTests.text(again).contains("role=\"alert\""))
            let unknown = "/households/\(household)/overdraws/\(UUID().uuidString.lowercased())/dismiss"
            let fresh = try WebBrowserSession.form(in: afterCountPage, action: dismiss, [("submission", UUID().uuidString)])
            #expect(try await browser.post(unknown, fresh).status == .unprocessableContent)
            #expect(try await server.rowCounts(household) == rows)
        }
    }
}
