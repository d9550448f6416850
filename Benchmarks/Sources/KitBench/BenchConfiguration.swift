/// The data sizes of a run: the full sizes of the issue, or scaled down for a CI smoke run (`--quick`).
struct BenchConfiguration: Sendable {
    /// Products in the SQLite stores, the JSON-file store and the in-memory query (100 000 in a full run).
    let productCount: Int
    /// Products in the small JSON-file store the save is compared with (1 000).
    let smallStoreCount: Int
    /// Page size of the keyset pagination scenarios (50).
    let pageSize: Int
    /// How often one page is fetched per measurement in the page-depth scenario.
    let pageFetches: Int
    /// How many single products are added, one commit each, per measurement.
    let singleAdds: Int
    /// How many single products are saved into each JSON-file store per measurement (each save fsyncs).
    let jsonSaves: Int
    /// UUIDv5 ids per measurement (1 000 000).
    let uuidCount: Int
    /// Pending changes pushed by each sync scenario: product adds, inventory journal entries (10 000).
    let syncCount: Int

    /// The sizes the issue asks for.
    static let full = BenchConfiguration(
        productCount: 100_000, smallStoreCount: 1_000, pageSize: 50, pageFetches: 400, singleAdds: 1_000,
        jsonSaves: 40, uuidCount: 1_000_000, syncCount: 10_000)

    /// A smoke run for CI: every scenario and code path, on data about 20 times smaller.
    static let quick = BenchConfiguration(
        productCount: 5_000, smallStoreCount: 200, pageSize: 50, pageFetches: 100, singleAdds: 200,
        jsonSaves: 8, uuidCount: 100_000, syncCount: 1_000)
}
