import Foundation
import SyncServer
import SyncWire

extension BenchScenario {
    /// `server.grocy-stock`: Home Assistant's 30-second poll of the Grocy API for a household of 500 lots over 2,000
    /// products (``WebStockSetup``). Ours is `GET /api/stock` — the poll's read of the whole stock, each product
    /// with its Grocy record and integer ids — against the baseline of the same stock as the `/v1` JSON view; the
    /// poll's other collection reads (`stock/volatile`, `objects/shopping_list`) are timed beside it and reported.
    /// Each side is read `webStockReads` times a repetition after a warm-up (the replica's fold and the id table's
    /// cache are warm, as for a household Home Assistant polls).
    static let grocyStock = BenchScenario(
        name: "server.grocy-stock",
        summary: "Grocy API GET /api/stock of 500 lots / 2,000 products vs the JSON stock view of the same household"
    ) { environment, repetitions, _ in
        let reads = environment.sizes.webStockReads
        let (household, tokens) = try await environment.household("grocy-stock", devices: 1)
        _ = try await WebStockSetup.make(environment, household, token: tokens[0])
        let session = DeviceSession(port: environment.port, household: household, token: tokens[0])
        defer { session.close() }
        let key = ["GROCY-API-KEY": tokens[0].rawValue]
        let viewPath = "/v1/households/\(household)/views/stock"
        let stock = try await session.get("/api/stock", headers: key)
        guard case .array(let lines)? = try? JSONValue(jsonText: String(decoding: stock, as: UTF8.self)) else {
            throw BenchFailure("grocy-stock: GET /api/stock is not a JSON array")
        }
        BenchLog.line("   GET /api/stock lists \(lines.count) products, \(stock.count) bytes")

        var stockTimes: [Double] = []
        var viewTimes: [Double] = []
        var pollTimes: [Double] = []
        for repetition in 1...repetitions {
            for _ in 0..<5 {
                _ = try await session.get("/api/stock", headers: key)
                _ = try await session.get(viewPath)
            }
            var stocks: [Double] = []
            var views: [Double] = []
            for _ in 0..<reads {
                var clock = ContinuousClock.now
                _ = try await session.get("/api/stock", headers: key)
                stocks.append((ContinuousClock.now - clock).seconds)
                clock = ContinuousClock.now
                _ = try await session.get(viewPath)
                views.append((ContinuousClock.now - clock).seconds)
                clock = ContinuousClock.now
                _ = try await session.get("/api/stock/volatile", headers: key)
                _ = try await session.get("/api/objects/shopping_list", headers: key)
                pollTimes.append(stocks.last.map { $0 + (ContinuousClock.now - clock).seconds } ?? 0)
            }
            stockTimes += stocks
            viewTimes += views
            BenchLog.line(
                "   #\(repetition): /api/stock p50 \(BenchReport.formatSeconds(percentile(stocks, 0.5))), p99 "
                    + "\(BenchReport.formatSeconds(percentile(stocks, 0.99))); JSON view p50 "
                    + "\(BenchReport.formatSeconds(percentile(views, 0.5)))")
        }
        return ScenarioResult(
            name: "server.grocy-stock", oursSeconds: percentile(stockTimes, 0.5),
            baselineSeconds: percentile(viewTimes, 0.5), target: 1.5,
            metrics: [
                ("lots", Double(WebStockSetup.lots)), ("products", Double(WebStockSetup.products)),
                ("stock_bytes", Double(stock.count)), ("reads", Double(stockTimes.count)),
                ("stock_p50_ms", percentile(stockTimes, 0.5) * 1_000), ("stock_p99_ms", percentile(stockTimes, 0.99) * 1_000),
                ("poll_p50_ms", percentile(pollTimes, 0.5) * 1_000), ("poll_p99_ms", percentile(pollTimes, 0.99) * 1_000),
                ("view_p50_ms", percentile(viewTimes, 0.5) * 1_000), ("view_p99_ms", percentile(viewTimes, 0.99) * 1_000),
            ])
    }
}
