import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule
import SyncServer
import SyncWire

extension BenchScenario {
    /// `server.web-stock`: a member's stock page (`GET /households/{id}/stock`, HTML rendered from the replica's
    /// fold with the Mustache templates) against the baseline of the same data as the API's JSON view
    /// (`GET /v1/households/{id}/views/stock`), for a household of 500 lots over 2,000 products the server holds.
    /// Each side is read `pageReads` times in a row after a warm-up (the replica's state is folded and cached, as
    /// for a household in use); the medians are compared and the page's p50/p99 reported.
    static let webStock = BenchScenario(
        name: "server.web-stock",
        summary: "HTML stock page of 500 lots / 2,000 products vs the JSON stock view of the same household"
    ) { environment, repetitions, _ in
        let reads = environment.sizes.webStockReads
        let (household, tokens) = try await environment.household("web-stock", devices: 1)
        let setup = try await WebStockSetup.make(environment, household, token: tokens[0])
        let session = DeviceSession(port: environment.port, household: household, token: tokens[0])
        defer { session.close() }
        let pagePath = "/households/\(household)/stock"
        let viewPath = "/v1/households/\(household)/views/stock"
        let page = try await session.get(pagePath, cookie: setup.cookie)
        let listed = String(decoding: page, as: UTF8.self).components(separatedBy: "data-lot=\"").count - 1
        guard listed == WebStockSetup.lots else { throw BenchFailure("web-stock: the page lists \(listed) lots") }
        BenchLog.line("   the page lists \(listed) lots, \(page.count) bytes")

        var pageTimes: [Double] = []
        var viewTimes: [Double] = []
        for repetition in 1...repetitions {
            for _ in 0..<5 {
                _ = try await session.get(pagePath, cookie: setup.cookie)
                _ = try await session.get(viewPath)
            }
            var pages: [Double] = []
            var views: [Double] = []
            for _ in 0..<reads {
                var clock = ContinuousClock.now
                _ = try await session.get(pagePath, cookie: setup.cookie)
                pages.append((ContinuousClock.now - clock).seconds)
                clock = ContinuousClock.now
                _ = try await session.get(viewPath)
                views.append((ContinuousClock.now - clock).seconds)
            }
            pageTimes += pages
            viewTimes += views
            BenchLog.line(
                "   #\(repetition): page p50 \(BenchReport.formatSeconds(percentile(pages, 0.5))), p99 "
                    + "\(BenchReport.formatSeconds(percentile(pages, 0.99))); JSON view p50 "
                    + "\(BenchReport.formatSeconds(percentile(views, 0.5))), p99 \(BenchReport.formatSeconds(percentile(views, 0.99)))")
        }
        return ScenarioResult(
            name: "server.web-stock", oursSeconds: percentile(pageTimes, 0.5), baselineSeconds: percentile(viewTimes, 0.5),
            target: 1.5,
            metrics: [
                ("lots", Double(WebStockSetup.lots)), ("products", Double(WebStockSetup.products)),
                ("page_bytes", Double(page.count)), ("reads", Double(pageTimes.count)),
                ("page_p50_ms", percentile(pageTimes, 0.5) * 1_000), ("page_p99_ms", percentile(pageTimes, 0.99) * 1_000),
                ("view_p50_ms", percentile(viewTimes, 0.5) * 1_000), ("view_p99_ms", percentile(viewTimes, 0.99) * 1_000),
            ])
    }

    /// The `fraction` percentile of `values` (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// The household `server.web-stock` reads and `server.web-purchase` books into: 2,000 products pushed as a device
/// pushes them, 500 lots bought by the kit's commands over four locations (some due soon, some past due), and a
/// signed-in member's cookie and form token.
struct WebStockSetup {
    static let products = 2_000
    static let lots = 500

    /// The member's session cookie (`Cookie:` header value).
    let cookie: String
    /// The session's form token (the `csrf` field).
    let csrf: String
    /// The catalog's product ids.
    let catalog: [ProductReference]
    /// The household's state as the seeding device decided it.
    let state: InventoryState

    static func make(
        _ environment: BenchEnvironment, _ household: SyncServer.HouseholdID, token: BearerToken
    ) async throws -> WebStockSetup {
        let service = SyncService(store: environment.store, limits: BenchEnvironment.limits(for: environment.sizes))
        let epoch = Date(timeIntervalSinceReferenceDate: 800_000_000)
        var catalog: [ProductReference] = []
        var operations: [PushOperation] = []
        for index in 0..<products {
            let product = try Product.new(
                barcode: nil, title: "Bench product \(index) — organic & fair", id: UUID(), now: epoch)
            catalog.append(try ProductReference(product.productID.rawValue))
            let change = ProductChange(
                productID: product.productID, product: product,
                stamp: SyncStamp(updatedAt: epoch, version: 1, replicaID: ReplicaID("bench-device")), baseStamp: nil)
            operations.append(PushOperation(
                opId: UUID().uuidString.lowercased(), kind: "product", entityId: product.productID.rawValue,
                payload: JSONFragment(verbatim: String(decoding: try RecordCoding.encode(change), as: UTF8.self))))
        }
        let kit = InventoryModule.HouseholdID(household.rawValue)
        var state = InventoryState()
        // The seeding device's clock steps a second a command and ends before now, so what members and devices book
        // during the run sorts after it, as in a household whose clocks agree.
        var now = Date().addingTimeInterval(-Double(products + lots + 100))
        func decide(_ command: InventoryCommand) throws {
            let context = InventoryCommandContext(
                householdID: kit, now: now, replicaID: ReplicaID("bench-device"), correlationID: CorrelationID(UUID()),
                makeUUID: { UUID() }, productExists: { _ in true })
            for entry in try InventoryCommandHandler.decide(command, in: state, context: context) {
                _ = state.apply(entry)
                operations.append(PushOperation(
                    opId: entry.id.uuidString.lowercased(), kind: "journal", entityId: entry.id.uuidString.lowercased(),
                    payload: JSONFragment(verbatim: String(decoding: try RecordCoding.encode(entry), as: UTF8.self))))
            }
            now += 1
        }
        try decide(.createHousehold(name: "Web bench"))
        try decide(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")))
        let piece = UnitID.derived(name: "piece")
        let locations = try ["Fridge", "Freezer", "Pantry", "Cellar"].map { name in
            let id = LocationID.derived(household: kit, name: name)
            try decide(.defineLocation(LocationDefinition(id: id, name: name)))
            return id
        }
        let today = CalendarDay(containing: Date(), in: .gmt)
        for index in 0..<lots {
            try decide(.purchase(PurchaseRequest(
                productID: catalog[index * products / lots], amount: Decimal(index % 7 + 1), unit: piece,
                locationID: locations[index % locations.count], dueDate: .on(today.adding(days: index % 40 - 10)))))
        }
        for start in stride(from: 0, to: operations.count, by: 1_000) {
            let slice = Array(operations[start..<min(start + 1_000, operations.count)])
            let results = try await service.push(PushRequest(operations: slice), to: household).results
            guard results.allSatisfy({ $0.status == .applied }) else {
                throw BenchFailure("web-stock: a seeding push was refused: \(results.first { $0.status != .applied }.map { "\($0)" } ?? "")")
            }
        }
        let invitation = try await environment.store.addMember(
            named: "Bench member", to: household, expiresAt: Date().addingTimeInterval(3_600))
        let sessionToken = BearerToken.generate()
        let csrf = BearerToken.generate().rawValue
        let accepted = try await environment.store.acceptInvitation(
            BearerToken(rawValue: invitation.invitation), session: sessionToken, csrfToken: csrf,
            expiresAt: Date().addingTimeInterval(3_600))
        guard case .success = accepted else { throw BenchFailure("web-stock: the member could not sign in") }
        return WebStockSetup(
            cookie: "\(WebRoutes<SyncRequestContext>.sessionCookie)=\(sessionToken.rawValue)", csrf: csrf, catalog: catalog,
            state: state)
    }
}
