import Foundation
import InventoryKit
import InventorySync
import JSONFileStorage
import ProductModule
import SQLiteStorage

/// The data and files scenarios share, built on first use (so `--only` builds only what it needs) inside one
/// scratch folder that the run removes at the end.
actor BenchFixtures {
    nonisolated let configuration: BenchConfiguration
    /// The scratch folder.
    nonisolated let root: URL
    private let log: @Sendable (String) -> Void
    private var cachedProducts: [Product]?
    private var cachedEmptyTemplate: String?
    private var cachedSyncedTemplate: String?
    private var cachedJSONStores: [Int: URL] = [:]
    private var parkedStores: [URL: JSONFileStorage] = [:]
    private var counter = 0

    init(configuration: BenchConfiguration, root: URL, log: @escaping @Sendable (String) -> Void) throws {
        self.configuration = configuration
        self.root = root
        self.log = log
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Removes the scratch folder.
    nonisolated func removeAll() {
        try? FileManager.default.removeItem(at: root)
    }

    /// ``BenchConfiguration/productCount`` products of ``BenchData``.
    func products() -> [Product] {
        if let cachedProducts { return cachedProducts }
        let products = BenchData.products(0..<configuration.productCount)
        let sizes = products.prefix(1_000).compactMap { try? RecordCoding.encode($0).count }
        log("   data: \(products.count) products, JSON payload \(sizes.min() ?? 0)–\(sizes.max() ?? 0) bytes "
            + "(mean \(sizes.reduce(0, +) / max(1, sizes.count)))")
        cachedProducts = products
        return products
    }

    // MARK: - SQLite

    /// A new, unused path in the scratch folder.
    func newPath(_ name: String) -> String {
        counter += 1
        return root.appendingPathComponent("\(counter)-\(name)").path
    }

    /// A database file with the current schema (`SQLiteStorage.migrator`) and no rows.
    func emptyTemplate() throws -> String {
        if let cachedEmptyTemplate { return cachedEmptyTemplate }
        let path = newPath("empty-template.sqlite")
        try SQLiteStorage(path: path).close()
        try Self.checkpoint(path)
        cachedEmptyTemplate = path
        return path
    }

    /// A database file holding every product of ``products()`` as synced (product rows, sync records, no
    /// outbox), written by `SQLiteProductStore.commit`.
    func syncedTemplate() async throws -> String {
        if let cachedSyncedTemplate { return cachedSyncedTemplate }
        let path = try copy(emptyTemplate(), as: "synced-template.sqlite")
        let storage = try SQLiteStorage(path: path)
        try await SQLiteProductStore(storage: storage).commit(BenchData.syncedTransaction(products()))
        try storage.close()
        try Self.checkpoint(path)
        cachedSyncedTemplate = path
        return path
    }

    /// A copy of a database file, for one measurement, on disk before it returns.
    ///
    /// Without the flush, the copy's pages would still be in the page cache, and the first `fsync` of the
    /// database inside a timing (a checkpoint when the store closes, say) would write the whole copy: at 20,000
    /// products, about 350 ms that an app's store, long on disk, never pays.
    func copy(_ template: String, as name: String) throws -> String {
        let path = newPath(name)
        try FileManager.default.copyItem(atPath: template, toPath: path)
        guard let handle = FileHandle(forUpdatingAtPath: path) else {
            throw BenchmarkError.setup("the copy \(path) cannot be opened to flush it")
        }
        defer { try? handle.close() }
        try handle.synchronize()
        return path
    }

    /// Removes a database file with its WAL and shared-memory files.
    nonisolated func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Folds the WAL into the database file, so a plain file copy is the whole database.
    static func checkpoint(_ path: String) throws {
        let database = try RawDatabase(path: path)
        try database.checkpoint()
    }

    // MARK: - JSON files

    /// A `JSONFileStorage` folder holding products `0..<count` (synced, written through `StorageProductStore`),
    /// closed; built once per size.
    func jsonStore(count: Int) async throws -> URL {
        if let cached = cachedJSONStores[count] { return cached }
        let folder = root.appendingPathComponent("json-\(count)")
        let storage = try await JSONFileStorage(root: folder)
        let store = StorageProductStore(storage: storage)
        let all = count <= configuration.productCount ? Array(products().prefix(count)) : BenchData.products(0..<count)
        var start = 0
        while start < all.count {
            let chunk = Array(all[start..<min(start + 5_000, all.count)])
            var transaction = ProductLocalTransaction()
            transaction.products = chunk.map { .init(product: $0, syncState: .synced) }
            try await store.commit(transaction)
            start += chunk.count
        }
        await storage.close()
        cachedJSONStores[count] = folder
        return folder
    }

    /// Keeps an open store for a later scenario (opening 100 000 files takes seconds); closes the one parked before.
    func park(_ storage: JSONFileStorage) async {
        if let previous = parkedStores.updateValue(storage, forKey: storage.root) { await previous.close() }
    }

    /// Closes the store parked for `folder`, if any, so the folder can be opened again.
    func closeParked(_ folder: URL) async {
        if let parked = parkedStores.removeValue(forKey: folder) { await parked.close() }
    }

    /// The store parked for `folder`, or the folder opened now.
    func openJSONStore(_ folder: URL) async throws -> JSONFileStorage {
        if let parked = parkedStores.removeValue(forKey: folder) { return parked }
        return try await JSONFileStorage(root: folder)
    }

    /// Closes every parked store (at the end of the run).
    func closeParkedStores() async {
        for storage in parkedStores.values { await storage.close() }
        parkedStores = [:]
    }

    // MARK: - Building ahead

    /// Builds the fixtures the given scenarios need before any measurement starts, the JSON-file stores and the
    /// SQLite templates side by side (each is single-threaded work; the machine has two cores). Nothing is
    /// measured while this runs.
    func prebuild(for scenarios: [Scenario]) async throws {
        let names = scenarios.map(\.name)
        let needsJSON = names.contains { $0.hasPrefix("json.") }
        // The inventory sync scenario builds its own database from the empty template: no products needed.
        let needsSQLite = names.contains { $0.hasPrefix("sqlite.") || $0 == Scenario.syncPush.name }
        guard needsJSON || needsSQLite else { return }
        _ = products()
        let large = configuration.productCount
        let small = configuration.smallStoreCount
        async let json: Void = needsJSON ? buildJSONStores([large, small]) : ()
        async let sqlite: Void = needsSQLite ? buildSQLiteTemplates() : ()
        _ = try await (json, sqlite)
    }

    private func buildJSONStores(_ counts: [Int]) async throws {
        for count in counts { _ = try await jsonStore(count: count) }
    }

    private func buildSQLiteTemplates() async throws {
        _ = try await syncedTemplate()
    }
}
