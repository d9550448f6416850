import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InventoryKit
import InventoryModule
import InventorySync
import SQLiteStorage

/// The single commands the command scenarios time on an open household, through the service or raw, and what one
/// run of them produced.
///
/// The commands alternate a purchase of two pieces of a product and a consumption of one piece of it, so every one
/// is valid on any household. Both ways use the same clock steps and the same seeded ids, so they decide the very
/// same entries: a run's entries and resulting stock are compared across the two sides.
enum InventoryCommandProbe {
    /// The seconds of each command, the entries they booked and a digest of the household's stock afterwards.
    struct Run: Sendable {
        var seconds: [Double] = []
        var entries: [InventoryJournalEntry] = []
        var stockDigest = ""

        /// The median command time.
        var median: Double { ScenarioRunner.median(seconds) }
        /// The 99th percentile command time (nearest rank).
        var p99: Double { percentile(0.99) }

        /// The time below which `fraction` of the commands took (nearest rank).
        func percentile(_ fraction: Double) -> Double {
            let sorted = seconds.sorted()
            guard !sorted.isEmpty else { return .nan }
            return sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
        }

        /// "median 1.2 ms, p99 3.4 ms, max 5.6 ms".
        var summary: String {
            let slowest = seconds.indices.max { seconds[$0] < seconds[$1] }
            return "median \(Report.formatSeconds(median)), p99 \(Report.formatSeconds(p99)), "
                + "max \(Report.formatSeconds(slowest.map { seconds[$0] } ?? .nan)) (command #\((slowest ?? -1) + 1))"
        }
    }

    /// The seed of the commands' ids.
    private static let seed: UInt64 = 0xC0_33A2D

    /// The `count` commands.
    static func commands(_ count: Int) -> [InventoryCommand] {
        (0..<count).map { index in
            let product = InventoryHouseholdCatalog.products[(index / 2 * 7) % InventoryHouseholdCatalog.productCount]
            if index % 2 == 0 {
                return .purchase(PurchaseRequest(productID: product, amount: 2, price: Decimal(100 + index) / 100))
            }
            return .consume(ConsumeRequest(productID: product, amount: 1))
        }
    }

    /// Runs the commands one `perform` each on a copy of the template, opened (untimed) through the service.
    static func service(
        _ template: InventoryHistoryTemplate, count: Int, fixtures: BenchFixtures
    ) async throws -> Run {
        let household = InventoryHouseholdCatalog.household
        let path = try await fixtures.copy(template.path, as: "inventory-command-ours.sqlite")
        settle()
        let storage = try SQLiteStorage(path: path)
        let time = HistoryClock(template.lastRecordedAt.addingTimeInterval(3_600))
        let uuids = InventoryBenchData.UUIDSource(seed: seed)
        let service = InventoryModuleService(
            store: SQLiteInventoryStore(storage: storage), strategy: InventorySyncStrategy(writePolicy: .localThenEnqueue),
            replicaID: InventoryHistoryTemplate.replica, clock: time.clock, random: .constant(0.5),
            makeUUID: { uuids.next() })
        _ = try await service.state(of: household)
        var run = Run()
        for command in commands(count) {
            time.advance(by: 60)
            var result: InventoryTransactionResult?
            run.seconds.append(try await Stopwatch.time { result = try await service.perform(command, in: household) })
            run.entries += result?.entries ?? []
        }
        await service.waitForBackgroundWork()
        run.stockDigest = stockDigest(try await service.state(of: household))
        try storage.close()
        fixtures.removeDatabase(path)
        return run
    }

    /// Runs the commands raw: `InventoryCommandHandler.decide` on an in-memory state (decoded, untimed, from the
    /// template's state), each entry encoded and inserted as one row of `inventory_journal` in one SQLite
    /// transaction per command, then `InventoryState.apply`.
    static func raw(
        _ template: InventoryHistoryTemplate, stateData: Data, count: Int, fixtures: BenchFixtures
    ) async throws -> Run {
        let household = InventoryHouseholdCatalog.household
        let path = try await fixtures.copy(template.path, as: "inventory-command-baseline.sqlite")
        settle()
        let database = try RawDatabase(path: path)
        let insert = try database.prepare(
            "INSERT INTO inventory_journal (entry_id, household_id, recorded_at, payload) VALUES (?, ?, ?, ?)")
        var state = try RecordCoding.decode(InventoryState.self, from: stateData)
        let uuids = InventoryBenchData.UUIDSource(seed: seed)
        var now = template.lastRecordedAt.addingTimeInterval(3_600)
        var run = Run()
        for command in commands(count) {
            now += 60
            var entries: [InventoryJournalEntry] = []
            run.seconds.append(
                try Stopwatch.timeSync {
                    let context = InventoryCommandContext(
                        householdID: household, now: now, replicaID: InventoryHistoryTemplate.replica,
                        correlationID: CorrelationID(uuids.next()), makeUUID: { uuids.next() },
                        knownProducts: [product(of: command)])
                    entries = try InventoryCommandHandler.decide(command, in: state, context: context)
                    try database.execute("BEGIN IMMEDIATE")
                    for entry in entries {
                        insert.bind(1, entry.id.uuidString.lowercased())
                        insert.bind(2, entry.householdID.rawValue)
                        insert.bind(3, entry.recordedAt.timeIntervalSinceReferenceDate)
                        insert.bind(4, try RecordCoding.encode(entry))
                        try insert.run()
                    }
                    try database.execute("COMMIT")
                    for entry in entries { state.apply(entry) }
                })
            run.entries += entries
        }
        run.stockDigest = stockDigest(state)
        fixtures.removeDatabase(path)
        return run
    }

    /// Writes the fresh copy's dirty pages to disk (`sync(2)`) before the commands are timed: otherwise the first
    /// SQLite checkpoint's `fsync` writes back the whole copied file inside one command's time.
    private static func settle() {
        sync()
    }

    /// Every product's total, in product order, hashed.
    static func stockDigest(_ state: InventoryState) -> String {
        let text = state.stockByProduct().map { "\($0.productID.rawValue)=\($0.total.map { "\($0)" } ?? "?")" }
            .joined(separator: ",")
        return "\(state.appliedEntryIDs.count) entries, stock \(text.hashValue & 0xFFFF_FFFF)"
    }

    private static func product(of command: InventoryCommand) -> ProductReference {
        switch command {
        case .purchase(let request): request.productID
        case .consume(let request): request.productID
        default: InventoryHouseholdCatalog.products[0]
        }
    }
}
