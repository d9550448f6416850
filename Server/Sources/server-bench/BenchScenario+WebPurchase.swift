import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SyncServer
import SyncWire

extension BenchScenario {
    /// `server.web-purchase`: a member records a purchase on the web (`POST /households/{id}/purchases`, the form
    /// decided against the replica by the kit's `InventoryCommandHandler` and appended, answered `303`), against the
    /// baseline of a device pushing the same purchase, decided on the device, as one journal entry
    /// (`POST /v1/households/{id}/push`). The household is `server.web-stock`'s: 2,000 products and 500 lots. The
    /// targets: the web's p99 ≤ 100 ms, and its median ≤ 4× the push's — the form costs three round trips to
    /// PostgreSQL (the member's session, the product, the conditional append) and a decision against the replica,
    /// the push one round trip.
    static let webPurchase = BenchScenario(
        name: "server.web-purchase",
        summary: "a purchase recorded from the web form vs the same purchase pushed by a device, in a 500-lot household"
    ) { environment, repetitions, _ in
        let purchases = environment.sizes.webStockReads
        let (household, tokens) = try await environment.household("web-purchase", devices: 1)
        let setup = try await WebStockSetup.make(environment, household, token: tokens[0])
        let poster = WebFormPoster(port: environment.port)
        let session = DeviceSession(port: environment.port, household: household, token: tokens[0])
        defer { poster.close(); session.close() }
        let kit = InventoryModule.HouseholdID(household.rawValue)
        let fridge = LocationID.derived(household: kit, name: "Fridge")
        let piece = UnitID.derived(name: "piece")
        let due = CalendarDay(containing: Date(), in: .gmt).adding(days: 12).description
        var state = setup.state
        var index = 0

        /// One web purchase, timed until its `303`.
        func web() async throws -> Double {
            index += 1
            let product = setup.catalog[index % setup.catalog.count]
            let fields = [
                ("csrf", setup.csrf), ("submission", UUID().uuidString), ("product", product.rawValue), ("amount", "1.5"),
                ("unit", "piece"), ("location", fridge.rawValue), ("due", due),
            ]
            let clock = ContinuousClock.now
            let (status, body) = try await poster.post("/households/\(household)/purchases", fields: fields, cookie: setup.cookie)
            let elapsed = (ContinuousClock.now - clock).seconds
            guard status == 303 else {
                throw BenchFailure("web-purchase: the form answered \(status): \(String(decoding: body.prefix(300), as: UTF8.self))")
            }
            return elapsed
        }

        /// The same purchase decided on a device and pushed, timed until the push's answer.
        func device() async throws -> Double {
            index += 1
            let product = setup.catalog[index % setup.catalog.count]
            let context = InventoryCommandContext(
                householdID: kit, now: Date(), replicaID: ReplicaID("bench-device"), correlationID: CorrelationID(UUID()),
                makeUUID: { UUID() }, productExists: { _ in true })
            let entries = try InventoryCommandHandler.decide(
                .purchase(PurchaseRequest(
                    productID: product, amount: Decimal(string: "1.5") ?? 1, unit: piece, locationID: fridge,
                    dueDate: .on(CalendarDay(containing: Date(), in: .gmt).adding(days: 12)))),
                in: state, context: context)
            let operations = try entries.map { entry in
                _ = state.apply(entry)
                return PushOperation(
                    opId: entry.id.uuidString.lowercased(), kind: "journal", entityId: entry.id.uuidString.lowercased(),
                    payload: JSONFragment(verbatim: String(decoding: try RecordCoding.encode(entry), as: UTF8.self)))
                    .jsonBytes()
            }
            let clock = ContinuousClock.now
            let (status, body) = try await session.send("/v1/households/\(household)/push", body: PushRequest.body(operations))
            let elapsed = (ContinuousClock.now - clock).seconds
            guard status == 200 else {
                throw BenchFailure("web-purchase: the device's push answered \(status): \(String(decoding: body.prefix(300), as: UTF8.self))")
            }
            return elapsed
        }

        var webTimes: [Double] = []
        var deviceTimes: [Double] = []
        for repetition in 1...repetitions {
            for _ in 0..<5 {
                _ = try await web()
                _ = try await device()
            }
            var webs: [Double] = []
            var devices: [Double] = []
            for _ in 0..<purchases {
                webs.append(try await web())
                devices.append(try await device())
            }
            webTimes += webs
            deviceTimes += devices
            BenchLog.line(
                "   #\(repetition): web p50 \(BenchReport.formatSeconds(percentile(webs, 0.5))), p99 "
                    + "\(BenchReport.formatSeconds(percentile(webs, 0.99))); device push p50 "
                    + "\(BenchReport.formatSeconds(percentile(devices, 0.5))), p99 \(BenchReport.formatSeconds(percentile(devices, 0.99)))")
        }
        return ScenarioResult(
            name: "server.web-purchase", oursSeconds: percentile(webTimes, 0.5), baselineSeconds: percentile(deviceTimes, 0.5),
            target: 4, p99LimitSeconds: 0.1, p99Seconds: percentile(webTimes, 0.99),
            metrics: [
                ("lots", Double(WebStockSetup.lots)), ("purchases", Double(webTimes.count)),
                ("web_p50_ms", percentile(webTimes, 0.5) * 1_000), ("web_p99_ms", percentile(webTimes, 0.99) * 1_000),
                ("push_p50_ms", percentile(deviceTimes, 0.5) * 1_000), ("push_p99_ms", percentile(deviceTimes, 0.99) * 1_000),
            ])
    }
}
