/// The journal lengths of the inventory scale scenarios: 1k / 10k / 100k entries in a full run, 1k / 2k / 3k in a
/// quick one, and how many single commands the command scenarios time.
struct InventoryScaleSizes: Sendable {
    /// The small household (the growth scenarios' baseline).
    let small: Int
    /// The middle household (its figures are logged, not compared).
    let middle: Int
    /// The large household the targets are about.
    let large: Int
    /// Single commands timed per measurement of the command scenarios.
    let commands: Int

    /// The sizes of the issue.
    static let full = InventoryScaleSizes(small: 1_000, middle: 10_000, large: 100_000, commands: 200)
    /// A smoke run.
    static let quick = InventoryScaleSizes(small: 1_000, middle: 2_000, large: 3_000, commands: 100)

    /// Every size, smallest first.
    var all: [Int] { [small, middle, large] }
}

extension BenchConfiguration {
    /// The inventory scale sizes of this run: full unless the run is scaled down (`--quick`).
    var inventoryScale: InventoryScaleSizes {
        syncCount >= BenchConfiguration.full.syncCount ? .full : .quick
    }
}
