import Foundation
import InventoryKitTesting
import SyncWire
import Testing

/// One seeded chaos run: four `pantry` devices of one server household (three on SQLite, one on the JSON-file store)
/// make random offline edits and sync in random orders; the server is SIGKILLed mid-push and restarted, and one
/// device is SIGKILLed mid-sync. ``verify()`` then proves convergence and exactly-once application.
///
/// Stock commands on a product are made only by the device that created it, so the test's model of each product's
/// stock (bought − consumed, corrections, undos) is exact; everything else — edits of any product, deletions,
/// re-creations, barcodes added — comes from any device and conflicts freely.
final class ChaosScenario {
    /// A catalog product the test created, as the test last knew it.
    struct CatalogProduct {
        /// What `pantry` commands name it by: its barcode, or its id when it has none.
        var reference: String
        var productID: String
        var barcode: String?
        var deleted = false
        /// The device that books its stock; `nil` for catalog-only products (which may be deleted).
        var stockOwner: Int?
    }

    /// The expected stock of one product and the transactions that made it.
    struct StockModel {
        var total = 0
        var transactions: [(id: String, delta: Int)] = []
        var undone: Set<String> = []
    }

    let seed: UInt64
    let server: SyncServerFixture
    let household: ServerHousehold
    private(set) var devices: [PantryDevice] = []
    private var random: SeededRandomNumberGenerator
    private var catalog: [CatalogProduct] = []
    private var stock: [String: StockModel] = [:]
    private var syncSeconds: [Int: [TimeInterval]] = [:]
    /// Every spelling of each category the devices added, by the category's meaning.
    private var categorySpellings: [String: Set<String>] = [:]
    private var names = 0
    /// One line per step, for failure messages.
    private(set) var log: [String] = []
    /// Per command kind: how many succeeded and how many `pantry` refused (exit status 2).
    private(set) var tally: [String: (done: Int, refused: Int)] = [:]
    /// Whether each kill landed while the sync was still running.
    private(set) var serverKillLanded = false
    private(set) var deviceKillLanded = false
    /// What the sync cut off by the server kill printed.
    private(set) var serverKillOutcome = ""

    private static let locations = ["Pantry", "Fridge", "Freezer"]
    private static let categories = ["Dairy", "Frozen Food", "Snacks", "Canned Goods"]
    private static let words = ["Milk", "Oats", "Rice", "Tea", "Beans", "Flour", "Salt", "Jam", "Soup", "Pasta", "Cocoa", "Honey"]

    init(seed: UInt64, server: SyncServerFixture) throws {
        self.seed = seed
        self.server = server
        random = SeededRandomNumberGenerator(seed: seed)
        household = try server.household(named: "Chaos \(seed)", devices: 4)
        for (index, store) in ["sqlite", "sqlite", "sqlite", "json"].enumerated() {
            var device = try PantryDevice.make(store: store, server: server, household: household, device: index)
            device.usesEnvironment = store == "json"
            devices.append(device)
        }
    }

    /// Removes the devices' folders.
    func removeFolders() {
        for device in devices { try? FileManager.default.removeItem(at: device.folder) }
    }

    // MARK: - The run

    /// Joins every device, makes `steps` random steps with the two kills in the middle, then syncs until quiet.
    func run(steps: Int) throws {
        for index in devices.indices {
            let joined = try sync(index)
            if joined.status != 0 { Issue.record("seed \(seed): device \(index)'s first sync failed: \(joined.error)") }
        }
        for index in devices.indices {
            for _ in 0..<2 { try addProduct(on: index, barcoded: true, stockOwner: index) }
        }
        let serverKill = Int.random(in: steps / 4...steps / 2, using: &random)
        let deviceKill = Int.random(in: steps / 2 + 1...steps * 3 / 4, using: &random)
        for step in 0..<steps {
            if step == serverKill { try killServerMidPush() }
            if step == deviceKill { try killDeviceMidSync() }
            let index = Int.random(in: devices.indices, using: &random)
            if random.chance(0.2) { try sync(index) } else { try randomEdit(on: index) }
        }
        try syncUntilQuiet()
    }

    /// One random offline edit on a device.
    private func randomEdit(on index: Int) throws {
        let weighted: [(Int, (Int) throws -> Void)] = [
            (10, { try self.addProduct(on: $0, barcoded: self.random.chance(0.5), stockOwner: nil) }),
            (12, editProduct), (6, deleteProduct), (5, recreateProduct), (5, addBarcode),
            (15, buy), (10, consume), (5, openStock), (7, move), (3, correct), (7, undo), (8, addCategory),
        ]
        var pick = Int.random(in: 0..<weighted.reduce(0) { $0 + $1.0 }, using: &random)
        for (weight, action) in weighted {
            if pick < weight { return try action(index) }
            pick -= weight
        }
    }

    // MARK: - Catalog edits

    private func addProduct(on index: Int, barcoded: Bool, stockOwner: Int?) throws {
        let barcode = barcoded ? random.ean13() : nil
        var arguments = ["product", "add", "--title", nextName(), "--json"]
        if let barcode { arguments += ["--barcode", barcode] }
        guard let output = try command("add product", on: index, arguments),
            let id = Self.firstValue(of: "productId", in: output)
        else { return }
        catalog.append(CatalogProduct(reference: barcode ?? id, productID: id, barcode: barcode, stockOwner: stockOwner))
        if stockOwner != nil { stock[id] = StockModel() }
    }

    private func editProduct(on index: Int) throws {
        guard let product = pickProduct({ !$0.deleted }) else { return }
        let field = random.chance(0.5) ? "--title" : "--brand"
        _ = try command("edit product", on: index, ["product", "edit", catalog[product].reference, field, nextName()])
    }

    private func deleteProduct(on index: Int) throws {
        guard let product = pickProduct({ !$0.deleted && $0.stockOwner == nil }) else { return }
        if try command("delete product", on: index, ["product", "delete", catalog[product].reference]) != nil {
            catalog[product].deleted = true
        }
    }

    private func recreateProduct(on index: Int) throws {
        guard let product = pickProduct({ $0.deleted && $0.barcode != nil }), let barcode = catalog[product].barcode else { return }
        if try command("re-create product", on: index, ["product", "add", "--barcode", barcode, "--title", nextName()]) != nil {
            catalog[product].deleted = false
        }
    }

    private func addBarcode(on index: Int) throws {
        guard let product = pickProduct({ !$0.deleted && $0.barcode == nil }) else { return }
        let barcode = random.ean13()
        let edit = ["product", "edit", catalog[product].reference, "--barcode", barcode, "--json"]
        guard let output = try command("add barcode", on: index, edit) else { return }
        catalog[product].barcode = barcode
        catalog[product].reference = barcode
        if let id = Self.firstValue(of: "productId", in: output) { catalog[product].productID = id }
    }

    /// A category added under a random spelling of one of a few meanings: devices spell it differently offline.
    private func addCategory(on index: Int) throws {
        let meaning = Self.categories.randomElement(using: &random)!
        let spelling: String
        switch Int.random(in: 0..<5, using: &random) {
        case 0: spelling = meaning
        case 1: spelling = meaning.lowercased()
        case 2: spelling = meaning.uppercased()
        case 3: spelling = "  \(meaning.lowercased()) "
        default: spelling = meaning.replacingOccurrences(of: " ", with: "  ")
        }
        if try command("add category", on: index, ["category", "add", spelling, "--json"]) != nil {
            categorySpellings[meaning, default: []].insert(spelling.trimmingCharacters(in: .whitespaces))
        }
    }

    // MARK: - Stock of the device's own products

    private func buy(on index: Int) throws {
        guard let product = pickOwned(by: index) else { return }
        let amount = Int.random(in: 1...5, using: &random)
        var arguments = [
            "stock", "add", catalog[product].reference, String(amount), "--location", Self.locations.randomElement(using: &random)!,
            "--json",
        ]
        if random.chance(0.3) { arguments += ["--due", "2027-0\(Int.random(in: 1...9, using: &random))-1\(Int.random(in: 0...9, using: &random))"] }
        try book("buy", on: index, product: product, arguments, delta: amount)
    }

    private func consume(on index: Int) throws {
        guard let product = pickOwned(by: index, { $0.total >= 1 }), let total = stock[catalog[product].productID]?.total else { return }
        let amount = Int.random(in: 1...min(total, 3), using: &random)
        var arguments = ["stock", "consume", catalog[product].reference, String(amount), "--json"]
        if random.chance(0.2) { arguments.append("--spoiled") }
        try book("consume", on: index, product: product, arguments, delta: -amount)
    }

    private func openStock(on index: Int) throws {
        guard let product = pickOwned(by: index, { $0.total >= 1 }) else { return }
        try book("open", on: index, product: product, ["stock", "open", catalog[product].reference, "1", "--json"], delta: 0)
    }

    private func move(on index: Int) throws {
        guard let product = pickOwned(by: index, { $0.total >= 1 }), let total = stock[catalog[product].productID]?.total else { return }
        let arguments = [
            "stock", "move", catalog[product].reference, String(Int.random(in: 1...total, using: &random)),
            "--to", Self.locations.randomElement(using: &random)!, "--json",
        ]
        try book("move", on: index, product: product, arguments, delta: 0)
    }

    private func correct(on index: Int) throws {
        guard let product = pickOwned(by: index), let total = stock[catalog[product].productID]?.total else { return }
        let counted = Int.random(in: 0...6, using: &random)
        try book("correct", on: index, product: product, ["stock", "correct", catalog[product].reference, String(counted), "--json"],
            delta: counted - total)
    }

    private func undo(on index: Int) throws {
        guard let product = pickOwned(by: index, { $0.transactions.contains { !$0.id.isEmpty } }) else { return }
        let id = catalog[product].productID
        guard let model = stock[id] else { return }
        let open = model.transactions.filter { !model.undone.contains($0.id) }
        // Mostly the latest transaction (which nothing depends on), sometimes an older one (often refused).
        guard let transaction = random.chance(0.7) ? open.last : open.randomElement(using: &random) else { return }
        guard try command("undo", on: index, ["undo", transaction.id, "--json"]) != nil else { return }
        stock[id]?.total -= transaction.delta
        stock[id]?.undone.insert(transaction.id)
    }

    /// Runs a stock command; when it was booked, the model follows.
    private func book(_ kind: String, on index: Int, product: Int, _ arguments: [String], delta: Int) throws {
        guard let output = try command(kind, on: index, arguments) else { return }
        let id = catalog[product].productID
        guard let transaction = Self.firstValue(of: "transactionId", in: output) else {
            Issue.record("seed \(seed): \(kind) printed no transaction: \(output)")
            return
        }
        stock[id]?.total += delta
        stock[id]?.transactions.append((transaction, delta))
    }

    // MARK: - Syncs and faults

    /// `pantry sync` on a device; its duration is kept to aim the kills.
    @discardableResult
    private func sync(_ index: Int) throws -> PantryDevice.Run {
        let start = Date()
        let result = try devices[index].sync()
        syncSeconds[index, default: []].append(Date().timeIntervalSince(start))
        log.append("device \(index): sync → \(result.status) \(Self.oneLine(result.output + result.error))")
        return result
    }

    /// A burst of offline edits on a device so that its next push carries many operations and takes a while: a CSV
    /// import of 100 to 200 products (new ones, and some the catalog already has) and a few purchases.
    private func burst(on index: Int) throws {
        var rows = ["barcode,title,brand"]
        for _ in 0..<Int.random(in: 100...200, using: &random) {
            let known = catalog.indices.filter { catalog[$0].barcode != nil && catalog[$0].stockOwner == nil }
            if random.chance(0.1), let product = known.randomElement(using: &random), let barcode = catalog[product].barcode {
                rows.append("\(barcode),\(nextName()),Bulk")
            } else {
                let barcode = random.ean13()
                rows.append("\(barcode),\(nextName()),Bulk")
                catalog.append(CatalogProduct(reference: barcode, productID: "", barcode: barcode))
            }
        }
        let file = devices[index].folder.appendingPathComponent("burst-\(log.count).csv")
        try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: file)
        _ = try command("import", on: index, ["import", file.path, "--json"])
        for _ in 0..<3 { try buy(on: index) }
    }

    /// How long to wait after starting a sync on `index` before a kill: a random share of its usual sync time.
    private func killDelay(for index: Int, share: ClosedRange<Double>) -> TimeInterval {
        let times = syncSeconds[index] ?? []
        let usual = times.isEmpty ? 0.5 : times.sorted()[times.count / 2]
        return usual * Double.random(in: share, using: &random)
    }

    /// A device pushes a burst; the server is SIGKILLed while it does; another device tries to sync while it is down;
    /// the server comes back on the same database (sometimes while the first device still retries).
    private func killServerMidPush() throws {
        let index = Int.random(in: devices.indices, using: &random)
        try burst(on: index)
        let output = devices[index].folder.appendingPathComponent("killed-server-sync.txt")
        let process = try devices[index].startSync(output: output)
        Thread.sleep(forTimeInterval: killDelay(for: index, share: 0.3...1.2))
        serverKillLanded = process.isRunning
        server.killServer()
        log.append("device \(index): sync started; server SIGKILLed (sync still running: \(serverKillLanded))")
        if random.chance(0.5) {
            let other = (index + Int.random(in: 1..<devices.count, using: &random)) % devices.count
            let result = try devices[other].sync()
            log.append("device \(other): sync while the server is down → \(result.status) \(Self.oneLine(result.output + result.error))")
        }
        if random.chance(0.5) { process.waitUntilExit() }
        try server.restartServer()
        process.waitUntilExit()
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        serverKillOutcome = Self.oneLine(printed)
        log.append("server restarted; device \(index)'s sync ended with \(process.terminationStatus): \(Self.oneLine(printed))")
    }

    /// A device is SIGKILLed while it syncs a burst; its store must open cleanly afterwards.
    private func killDeviceMidSync() throws {
        let index = Int.random(in: devices.indices, using: &random)
        try burst(on: index)
        let process = try devices[index].startSync(output: devices[index].folder.appendingPathComponent("killed-sync.txt"))
        Thread.sleep(forTimeInterval: killDelay(for: index, share: 0.6...1.3))
        deviceKillLanded = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        log.append("device \(index): SIGKILLed mid-sync (still running: \(deviceKillLanded))")
        let check = try devices[index].run(["check", "--json"])
        if check.status != 0 {
            Issue.record("seed \(seed): device \(index)'s store is not clean after SIGKILL mid-sync: \(check.output) \(check.error)")
        }
    }

    /// Syncs every device, in random orders, pass after pass (at least two), until a pass in which no device
    /// pushed anything and nothing remains: then every device pulled everything.
    private func syncUntilQuiet() throws {
        for pass in 1...8 {
            var quiet = true
            for index in devices.indices.shuffled(using: &random) {
                let result = try sync(index)
                let lines = result.output.split(separator: "\n")
                let clean = result.status == 0 && lines.count == 3
                    && lines.allSatisfy { $0.contains("pushed 0,") && $0.contains("remaining 0") && !$0.contains("stopped") }
                quiet = quiet && clean
            }
            if quiet && pass >= 2 { return }
        }
        Issue.record("seed \(seed): the devices still push or wait after 8 final sync passes:\n\(log.suffix(12).joined(separator: "\n"))")
    }

    // MARK: - Verdict

    /// Checks convergence, exactly-once application, the stock arithmetic and id uniqueness.
    func verify() async throws {
        let context = "seed \(seed)"
        // Identical products and stock on every device.
        let products = try devices.map { try $0.expectSuccess(["product", "list", "--limit", "1000", "--json"]) }
        let lots = try devices.map { try $0.expectSuccess(["stock", "list", "--json"]) }
        let canonicalProducts = products.map(ChaosEvidence.canonicalJSON)
        let canonicalLots = lots.map(PantryStockListing.comparable)
        #expect(Set(canonicalProducts).count == 1, "\(context): products differ:\n\(Self.productDifferences(products))")
        #expect(Set(canonicalLots).count == 1, "\(context): stock differs:\n\(Self.differences(canonicalLots))")

        // Identical categories everywhere, one live record a meaning holding every spelling typed.
        let categories = try devices.map { try $0.expectSuccess(["category", "list", "--all", "--json"]) }
        #expect(Set(categories.map(ChaosEvidence.canonicalJSON)).count == 1, "\(context): categories differ:\n\(Self.differences(categories))")
        let categoryRows = (try? JSONSerialization.jsonObject(with: Data(categories[0].utf8)) as? [String: Any])?["categories"] as? [[String: Any]] ?? []
        let live = categoryRows.filter { $0["mergedInto"] == nil || $0["mergedInto"] is NSNull }
        let liveKeys = live.compactMap { $0["key"] as? String }
        #expect(liveKeys.count == live.count && Set(liveKeys).count == liveKeys.count, "\(context): two categories share a key: \(liveKeys)")
        for (meaning, spellings) in categorySpellings {
            let record = live.first { ($0["key"] as? String) == meaning.lowercased() }
            let held = Set([record?["name"] as? String].compactMap { $0 } + (record?["aliases"] as? [String] ?? []))
            #expect(spellings.isSubset(of: held), "\(context): category \(meaning) holds \(held.sorted()), the devices typed \(spellings.sorted())")
        }

        // No duplicate ids.
        let productRows = (try? JSONSerialization.jsonObject(with: Data(products[0].utf8)) as? [String: Any])?["products"] as? [[String: Any]] ?? []
        let productIDs = productRows.compactMap { $0["productId"] as? String }
        #expect(productIDs.count == productRows.count && Set(productIDs).count == productIDs.count, "\(context): product ids \(productIDs)")
        let lotRows = PantryStockListing.lots(lots[0])
        let lotIDs = lotRows.map(\.lotId)
        #expect(Set(lotIDs).count == lotIDs.count, "\(context): lot ids \(lotIDs)")

        // Stock = bought − consumed (with corrections and undos) for every product, and no lot below zero.
        var held: [String: Decimal] = [:]
        for lot in lotRows {
            held[lot.productId, default: 0] += lot.amount.value
            #expect(lot.amount.value >= 0, "\(context): a lot below zero: \(lot)")
        }
        for (product, model) in stock.sorted(by: { $0.key < $1.key }) {
            #expect(held[product, default: 0] == Decimal(model.total),
                "\(context): product \(product) holds \(held[product, default: 0]), the model says \(model.total) from \(model.transactions.map { "\($0.delta)\(model.undone.contains($0.id) ? " (undone)" : "")" })")
        }

        // Exactly once: the server's change log, its operation table and every device's journal agree.
        let changes = try await ChaosEvidence.serverChanges(server: server.url, household: household.id, token: household.devices[0].token)
        let opIDs = changes.map(\.opID)
        #expect(Set(opIDs).count == opIDs.count, "\(context): an operation id appears twice in the server's log")
        let journalChanges = changes.filter { $0.kind == "journal" }
        #expect(journalChanges.allSatisfy { $0.opID == $0.entityID }, "\(context): a journal change whose op id is not its entry id")
        let serverJournal = Set(journalChanges.map(\.entityID))
        #expect(serverJournal.count == journalChanges.count, "\(context): a journal entry id appears twice in the server's log")
        let householdKey = household.id.uuidString.lowercased()
        let withoutRow = try ChaosEvidence.rowCount("operations", household: household.id, databaseURL: server.databaseURL)
        let logged = try ChaosEvidence.rowCount("changes", household: household.id, databaseURL: server.databaseURL)
        // Every applied operation is recorded once: by the change row it wrote (op ids are unique in `changes`),
        // or, when it changed nothing (a journal entry pushed again under a new op id, a category state the server
        // already held), in `operations`, pointing at an existing row. A pull serves every journal row and each
        // entity in its latest state only, so at most as many changes as there are rows.
        let recordedTwice = try ChaosEvidence.count(
            "SELECT count(*) FROM operations o JOIN changes c USING (household_id, op_id) WHERE o.household_id = '\(householdKey)'",
            databaseURL: server.databaseURL)
        let dangling = try ChaosEvidence.count(
            "SELECT count(*) FROM operations o WHERE o.household_id = '\(householdKey)' AND NOT EXISTS "
                + "(SELECT 1 FROM changes c WHERE c.household_id = o.household_id AND c.seq = o.seq)",
            databaseURL: server.databaseURL)
        #expect(recordedTwice == 0 && dangling == 0 && logged >= changes.count,
            "\(context): \(logged) change rows, \(withoutRow) operations without a row of their own (\(recordedTwice) also recorded by a row, \(dangling) pointing at no row), \(changes.count) changes pulled")
        let entityChanges = changes.filter { $0.kind != "journal" }.map { "\($0.kind)/\($0.entityID)" }
        #expect(Set(entityChanges).count == entityChanges.count, "\(context): an entity is served in two states")
        for (index, device) in devices.enumerated() {
            // A device that joined from the server's snapshot holds the entries before it in the snapshot only.
            let (journal, snapshot) = try await ChaosEvidence.journalEntryIDs(of: device)
            #expect(Set(journal).count == journal.count, "\(context): device \(index) holds a journal entry twice")
            #expect(snapshot.isDisjoint(with: journal), "\(context): device \(index) holds an entry in its journal and its snapshot")
            #expect(Set(journal).union(snapshot) == serverJournal,
                "\(context): device \(index)'s journal (\(journal.count)) vs the server's (\(serverJournal.count)): only on the device \(Set(journal).subtracting(serverJournal).sorted()), only on the server \(serverJournal.subtracting(journal).subtracting(snapshot).sorted()), \(snapshot.count) in its snapshot")
            let check = try device.run(["check", "--json"])
            #expect(check.status == 0 && check.output.contains("\"outboxEntries\" : 0"), "\(context): device \(index) check: \(check.output) \(check.error)")
        }
    }

    // MARK: - Helpers

    /// Runs a `pantry` command; its output when it succeeded, `nil` when `pantry` refused it (exit status 2: an
    /// unknown product on this device, stock it does not hold, an undo something depends on). Anything else is a
    /// defect.
    private func command(_ kind: String, on index: Int, _ arguments: [String]) throws -> String? {
        let result = try devices[index].run(arguments)
        log.append("device \(index): \(arguments.filter { $0 != "--json" }.joined(separator: " ")) → \(result.status)")
        switch result.status {
        case 0:
            tally[kind, default: (0, 0)].done += 1
            return result.output
        case 2:
            tally[kind, default: (0, 0)].refused += 1
            return nil
        default:
            Issue.record("seed \(seed): device \(index) `pantry \(arguments.joined(separator: " "))` exited \(result.status): \(result.error)")
            return nil
        }
    }

    private func pickProduct(_ filter: (CatalogProduct) -> Bool) -> Int? {
        catalog.indices.filter { filter(catalog[$0]) }.randomElement(using: &random)
    }

    private func pickOwned(by index: Int, _ filter: (StockModel) -> Bool = { _ in true }) -> Int? {
        pickProduct { $0.stockOwner == index && filter(self.stock[$0.productID] ?? StockModel()) }
    }

    private func nextName() -> String {
        names += 1
        return "\(Self.words.randomElement(using: &random)!) \(names)"
    }

    /// The first `"key" : "value"` string value in a JSON output.
    private static func firstValue(of key: String, in json: String) -> String? {
        guard let range = json.range(of: "\"\(key)\" : \"") else { return nil }
        return String(json[range.upperBound...].prefix { $0 != "\"" })
    }

    private static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").joined(separator: " | ")
    }

    /// The products whose records differ between devices, each with the fields that differ (at most five products).
    private static func productDifferences(_ outputs: [String]) -> String {
        let listed: [[String: [String: Any]]] = outputs.map { output in
            let rows = (try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])?["products"] as? [[String: Any]] ?? []
            return Dictionary(rows.compactMap { row in (row["productId"] as? String).map { ($0, row) } }, uniquingKeysWith: { first, _ in first })
        }
        let ids = Set(listed.flatMap(\.keys)).sorted()
        var lines: [String] = []
        for id in ids {
            let records = listed.map { $0[id] }
            let fields = Set(records.compactMap { $0?.keys }.flatMap { $0 }).sorted()
            let differing = fields.filter { field in
                Set(records.map { record in record.flatMap { $0[field] }.map { ChaosEvidence.canonicalJSON(from: $0) } ?? "absent" }).count > 1
            }
            guard records.contains(where: { $0 == nil }) || !differing.isEmpty else { continue }
            lines.append("product \(id): " + (records.contains(where: { $0 == nil })
                ? "missing on devices \(records.indices.filter { records[$0] == nil })"
                : differing.map { field in
                    "\(field): " + records.enumerated().map { "[\($0.offset)] \(ChaosEvidence.canonicalJSON(from: $0.element?[field] ?? "absent"))" }.joined(separator: " ")
                }.joined(separator: "; ")))
        }
        return "\(lines.count) products differ\n" + lines.prefix(5).joined(separator: "\n")
    }

    /// The first outputs that differ, for a failure message.
    private static func differences(_ outputs: [String]) -> String {
        outputs.enumerated().map { "device \($0.offset): \($0.element.prefix(3000))" }.joined(separator: "\n---\n")
    }
}
