/// How much work each scenario does.
struct BenchSizes: Sendable, CustomStringConvertible {
    /// Operations in the single large push of `server.push-10k`.
    let bigPush: Int
    /// Devices pushing at once in `server.load`.
    let devices: Int
    /// Operations each device pushes in `server.load`.
    let operationsPerDevice: Int
    /// Operations per push in `server.load`.
    let batch: Int
    /// Journal entries of the household `server.bootstrap` starts a device from.
    let bootstrapEntries: Int
    /// Reads of each side per repetition in `server.web-stock`.
    let webStockReads: Int
    /// Households pushing at once in `server.load-households`, and each one's devices.
    var households = 200
    var householdDevices = 5
    /// Operations each device pushes in `server.load-households`, in pushes of `householdBatch`.
    var householdOperations = 50
    var householdBatch = 25
    /// The journal sizes of the households `server.late-arrival` pushes late entries into, smallest first.
    var lateArrivalEntries = [1_000, 10_000, 100_000]
    /// The device counts `server.load` also runs with (each device pushing `operationsPerDevice` in pushes of
    /// `batch`), for its latency against devices; its verdict is the run with `devices`.
    var loadDeviceCounts = [1, 5, 10, 20, 40]

    /// The sizes: one push of 10 000 operations; 20 devices × 500 operations in pushes of 50; a household
    /// of 100 000 journal entries to bootstrap from; 200 reads of the stock page; 200 households × 5 devices × 50
    /// operations in pushes of 25; `server.load` also at 1, 5, 10 and 40 devices.
    static let full = BenchSizes(bigPush: 10_000, devices: 20, operationsPerDevice: 500, batch: 50, bootstrapEntries: 100_000, webStockReads: 200)
    /// A smoke run: 1 000 operations; 4 devices × 100 operations in pushes of 25; 5 000 entries to bootstrap from;
    /// 40 reads of the stock page.
    /// 10 households × 2 devices × 20 operations in pushes of 10; `server.load` also at 1 and 2 devices.
    static let quick = BenchSizes(
        bigPush: 1_000, devices: 4, operationsPerDevice: 100, batch: 25, bootstrapEntries: 5_000, webStockReads: 40,
        households: 10, householdDevices: 2, householdOperations: 20, householdBatch: 10,
        lateArrivalEntries: [500, 2_000, 5_000], loadDeviceCounts: [1, 2, 4])

    var description: String {
        "push of \(bigPush) operations; \(devices) devices × \(operationsPerDevice) operations in pushes of \(batch); "
            + "bootstrap from \(bootstrapEntries) entries; \(webStockReads) stock page reads; \(households) households × "
            + "\(householdDevices) devices × \(householdOperations) operations in pushes of \(householdBatch); late "
            + "arrivals into households of \(lateArrivalEntries.map(String.init).joined(separator: ", ")) entries; "
            + "load also at \(loadDeviceCounts.map(String.init).joined(separator: ", ")) devices"
    }
}
