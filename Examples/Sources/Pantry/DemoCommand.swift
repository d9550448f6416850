import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductImport
import ProductModule

/// `pantry demo`: a self-contained tour in a temporary folder, removed at the end (`--folder` keeps the stores).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "A guided tour: import, stock, due dates, shopping list, two devices syncing.")
    @Option(help: "Keep the tour's stores in this folder (otherwise they live in a temporary folder, removed at the end).")
    var folder: String?
    @Option(help: "The store kind for the two devices: sqlite or json.") var store: StoreKind = .sqlite

    func run() async throws {
        let base = folder.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("pantry-demo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let data = Self.dataFolder()
        print("InventoryKit pantry demo — stores in \(base.path)\n")

        // 1. Import the sample catalog into the kitchen device.
        let kitchen = try await PantryEnvironment.open(try options(base, "kitchen"), access: .household)
        let household = kitchen.household
        for file in ["sample-products.csv", "openfoodfacts-sample.jsonl"] {
            let report = try await ImportCommand.importFile(data.appendingPathComponent(file), into: kitchen, showProgress: false)
            print("1. import \(file): \(report.created.count) created, \(report.unchanged.count) unchanged, \(report.rejected.count) rejected")
        }
        let again = try await ImportCommand.importFile(data.appendingPathComponent("sample-products.csv"), into: kitchen, showProgress: false)
        print("   re-import of the CSV: \(again.created.count) created, \(again.unchanged.count) unchanged (ids are deterministic)")

        // 2. Stock: purchases with due dates, a freezer, consumption.
        let now = Date()
        let milk = try await kitchen.product("5012345670003")
        let peas = try await kitchen.product("5012345670041")
        let jam = try await kitchen.product("3045320094008")
        let fridge = try await kitchen.location(named: "Fridge")
        let freezer = try await kitchen.location(named: "Freezer")
        let pantry = try await kitchen.location(named: "Pantry")
        for (product, amount, location, days) in [(milk, 2, fridge, 3), (peas, 4, freezer, 180), (jam, 1, pantry, 300), (milk, 1, fridge, 9)] {
            try await kitchen.inventory.perform(
                .purchase(PurchaseRequest(
                    productID: try reference(product), amount: Decimal(amount), unit: PantryEnvironment.piece,
                    locationID: location,
                    dueDate: .on(CalendarDay(containing: now, in: .gmt).adding(days: days)))),
                in: household)
        }
        try await kitchen.inventory.perform(
            .consume(ConsumeRequest(productID: try reference(milk), amount: Decimal(string: "1.5") ?? 1, unit: PantryEnvironment.piece)),
            in: household)
        try await kitchen.inventory.perform(
            .setProductSettings(ProductStockSettings(productID: try reference(milk), minimumStock: 3, stockUnit: PantryEnvironment.piece)),
            in: household)
        let state = try await kitchen.inventory.state(of: household)
        var titles: [String: String] = [:]
        for product in [milk, peas, jam] { titles[product.productID.rawValue] = product.title }
        print("\n2. stock after buying milk, peas and jam and drinking 1.5 milk (oldest-due first):")
        // Due order, then keys that are the same on every run (a lot id is random): product, location, amount.
        let rows = state.lots.values.map { lot in
            (due: lot.dueDate ?? .latest,
             cells: [titles[lot.productID.rawValue] ?? lot.productID.rawValue, Output.amount(lot.quantity),
                     state.locations[lot.locationID]?.name ?? "?", Output.day(lot.dueDate)])
        }
        Output.table(["product", "amount", "location", "due"], rows.sorted {
            ($0.due, $0.cells.joined(separator: "\u{0}")) < ($1.due, $1.cells.joined(separator: "\u{0}"))
        }.map(\.cells))
        func title(_ id: ProductReference?) -> String { id.map { titles[$0.rawValue] ?? $0.rawValue } ?? "-" }
        print("\n3. due within 7 days: " + state.dueSoon(now: now, days: 7).map { "\(title($0.productID)) (\(Output.day($0.dueDate)))" }.joined(separator: ", "))
        print("4. shopping list (below minimum stock): " + state.shoppingList().map { "\(title($0.productID)) ×\(Output.amount($0.missingAmount ?? $0.amount ?? 1))" }.joined(separator: ", "))

        // 3. Two devices converge through a shared store.
        let shared = base.appendingPathComponent("shared").path
        let kitchenSync = try await kitchen.products.syncPending()
        await kitchen.close()
        let kitchenWithRemote = try await PantryEnvironment.open(try options(base, "kitchen"), access: .household, remote: shared)
        _ = try await kitchenWithRemote.products.syncPending()
        _ = try await kitchenWithRemote.inventory.syncPending(households: [household])
        await kitchenWithRemote.close()
        let phone = try await PantryEnvironment.open(try options(base, "phone"), access: .household, remote: shared)
        _ = try await phone.products.syncPending()
        _ = try await phone.inventory.syncPending(households: [household])
        try await phone.inventory.perform(
            .consume(ConsumeRequest(productID: try reference(peas), amount: 1, unit: PantryEnvironment.piece)), in: household)
        _ = try await phone.inventory.syncPending(households: [household])
        let phoneState = try await phone.inventory.state(of: household)
        await phone.close()
        let kitchenAgain = try await PantryEnvironment.open(try options(base, "kitchen"), access: .household, remote: shared)
        _ = try await kitchenAgain.inventory.syncPending(households: [household])
        let kitchenState = try await kitchenAgain.inventory.state(of: household)
        await kitchenAgain.close()
        print("\n5. sync: kitchen \(kitchenSync.wasOnline ? "" : "(offline) ")→ shared store → phone; the phone eats a portion of peas")
        let peasOnKitchen = kitchenState.stock(of: try reference(peas)).lots.reduce(Decimal(0)) { $0 + $1.quantity }
        print("   peas on the kitchen device after syncing back: \(Output.amount(peasOnKitchen)) (was 4)")
        print("   both devices hold the same stock: \(kitchenState.lots == phoneState.lots ? "yes" : "NO")")
        // The store kind is part of the path's meaning: a JSON pantry opened as SQLite would be another, empty one.
        let kind = store == .sqlite ? "" : " --store \(store.rawValue)"
        guard folder != nil else {
            // A tour in a temporary folder leaves nothing behind; --folder keeps the stores to look around in.
            try? FileManager.default.removeItem(at: base)
            print("\nDone. The tour's stores are removed; to keep them and look around, run "
                  + "`pantry demo\(kind) --folder DIR`, then `pantry stock list\(kind) --path DIR/kitchen`.")
            return
        }
        print("\nDone. Try: pantry stock list\(kind) --path \(base.appendingPathComponent("kitchen").path)")
    }

    private func options(_ base: URL, _ name: String) throws -> StoreOptions {
        try StoreOptions.parse(["--store", store.rawValue, "--path", base.appendingPathComponent(name).path])
    }

    /// `Examples/Data`, found from this source file's location (the demo runs from a checkout).
    static func dataFolder() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data")
    }
}
