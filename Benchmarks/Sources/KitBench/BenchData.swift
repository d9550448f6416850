import Foundation
import InventoryKit
import InventorySync
import ProductModule

/// The deterministic data every scenario uses: grocery products with an EAN-13 barcode (their id), a title, a
/// brand and a category — about 440 bytes of JSON each, the leanest realistic catalog entry (`Product` always
/// writes its nine list and map fields, about 150 bytes even when empty) — and the local transactions the
/// product module would build for them.
enum BenchData {
    /// The replica that writes the benchmark data.
    static let replica = ReplicaID("bench-replica")
    /// The creation time of product 0; product `i` is created `i` seconds later (every `updatedAt` differs).
    static let epoch = Date(timeIntervalSinceReferenceDate: 790_000_000)
    /// When the synced fixtures were last synced, and the clock of the services.
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private static let adjectives = [
        "Organic", "Fresh", "Whole", "Light", "Classic", "Smoked", "Roasted", "Crunchy", "Creamy", "Spicy", "Sweet",
        "Wild", "Golden", "Rustic", "Mild",
    ]
    private static let nouns = [
        "Milk", "Yogurt", "Butter", "Cheddar", "Oats", "Basmati Rice", "Spaghetti", "Passata", "Peas", "Coffee Beans",
        "Green Tea", "Orange Juice", "Dark Chocolate", "Peanut Butter", "Olive Oil", "Sea Salt", "Honey", "Granola",
        "Almonds", "Tortilla Chips", "Dish Soap", "Shampoo",
    ]
    private static let brands = [
        "Farmhouse", "Happy Hens", "Pastaio", "Tilda", "Green Giant", "Fage", "Quaker", "Mutti", "Cathedral City",
        "Lurpak", "Alpine Valley", "Nordic Bakery", "Sunny Fields", "Casa Verde", "Blue Harbor", "Maple Ridge",
        "Golden Grain", "Red Barn", "Silver Spoon", "Old Mill", "River Stone", "Kitchen Garden", "Bright Bay",
    ]
    private static let categories: [(main: String, subs: [String])] = [
        ("food", ["dairy", "pasta", "snacks", "breakfast", "pantry"]),
        ("beverage", ["coffee", "tea", "juice"]),
        ("household", ["cleaning", "laundry"]),
        ("personal-care", ["hair", "skin"]),
    ]

    /// The EAN-13 barcode of product `i`: prefix 20 (restricted circulation), ten digits of `i`, check digit.
    static func barcode(_ index: Int) -> String {
        var digits = Array("20" + String(format: "%010d", index))
        let sum = digits.enumerated().reduce(0) { total, item in
            total + Int(String(item.element))! * (item.offset % 2 == 0 ? 1 : 3)
        }
        digits.append(Character(String((10 - sum % 10) % 10)))
        return String(digits)
    }

    /// Product `i`: version 1, created and updated at ``epoch`` + `i` seconds.
    static func product(_ index: Int) -> Product {
        let adjective = adjectives[index % adjectives.count]
        let noun = nouns[(index / adjectives.count) % nouns.count]
        let category = categories[index % categories.count]
        let created = epoch.addingTimeInterval(Double(index))
        do {
            return try Product.new(
                barcode: barcode(index), title: "\(adjective) \(noun) \(index % 997)",
                brand: brands[(index * 7) % brands.count],
                category: ProductCategory(main: category.main, sub: category.subs[(index / 4) % category.subs.count]),
                source: .importedFeed, id: UUID(), now: created)
        } catch {
            fatalError("benchmark product \(index) is invalid: \(error)")
        }
    }

    /// Products `range`, in index order.
    static func products(_ range: Range<Int>) -> [Product] {
        range.map(product)
    }

    /// A deterministic operation id (outbox key) for product `i` at `version`.
    static func operationID(_ index: Int, version: Int) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: UInt64(index).bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
        bytes[0] = UInt8(truncatingIfNeeded: version)
        bytes[6] = 0x40 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    // MARK: - Transactions

    /// What `ProductModuleService.addProducts` commits for new products (no tombstones, no earlier sync state):
    /// each product `pendingUpsert`, its sync record, and its outbox entry.
    static func addTransaction(_ products: [Product], firstIndex: Int = 0) -> ProductLocalTransaction {
        var transaction = ProductLocalTransaction()
        for (offset, product) in products.enumerated() {
            let index = firstIndex + offset
            let stamp = SyncStamp(updatedAt: product.updatedAt, version: product.version, replicaID: replica)
            append(product, index: index, stamp: stamp, base: nil, lastSynced: nil, sequence: Int64(index + 1), to: &transaction)
        }
        return transaction
    }

    /// What `ProductModuleService.updateProducts` commits when every product exists and is synced: each product
    /// at version 2 with a new title and `updatedAt` one day later, its sync record (base = the synced stamp),
    /// and a new outbox entry.
    static func updateTransaction(_ products: [Product]) -> ProductLocalTransaction {
        var transaction = ProductLocalTransaction()
        for (index, original) in products.enumerated() {
            var product = original
            product.title = (original.title ?? "") + " (new recipe)"
            product.version = original.version + 1
            product.updatedAt = original.updatedAt.addingTimeInterval(86_400)
            let base = SyncStamp(updatedAt: original.updatedAt, version: original.version, replicaID: replica)
            let stamp = SyncStamp(updatedAt: product.updatedAt, version: product.version, replicaID: replica)
            append(product, index: index, stamp: stamp, base: base, lastSynced: now, sequence: Int64(index + 1), to: &transaction)
        }
        return transaction
    }

    /// The state after a sync: each product `synced`, with a synced sync record, and no outbox entry.
    static func syncedTransaction(_ products: [Product]) -> ProductLocalTransaction {
        var transaction = ProductLocalTransaction()
        for product in products {
            let stamp = SyncStamp(updatedAt: product.updatedAt, version: product.version, replicaID: replica)
            transaction.products.append(.init(product: product, syncState: .synced))
            transaction.syncRecords.append(
                ProductSyncRecord(productID: product.productID, status: .synced, stamp: stamp, baseStamp: stamp, lastSyncedAt: now))
        }
        return transaction
    }

    private static func append(
        _ product: Product, index: Int, stamp: SyncStamp, base: SyncStamp?, lastSynced: Date?, sequence: Int64,
        to transaction: inout ProductLocalTransaction
    ) {
        let operation = operationID(index, version: product.version)
        transaction.products.append(.init(product: product, syncState: .pendingUpsert))
        transaction.syncRecords.append(
            ProductSyncRecord(
                productID: product.productID, status: .pendingUpsert, stamp: stamp, baseStamp: base,
                lastSyncedAt: lastSynced, pendingOperationID: operation))
        transaction.outboxEntries.append(
            ProductOutboxEntry(
                operationID: operation, entityID: product.productID.rawValue, sequence: sequence,
                payload: ProductChange(productID: product.productID, product: product, stamp: stamp, baseStamp: base),
                enqueuedAt: now))
    }

    /// Prints the payloads of product 0 as the stores hold them (for the docs).
    static func printSample() throws {
        let transaction = addTransaction([product(0)])
        let rows: [(String, Data)] = [
            ("product", try RecordCoding.encode(transaction.products[0].product)),
            ("sync record", try RecordCoding.encode(transaction.syncRecords[0])),
            ("outbox entry", try RecordCoding.encode(transaction.outboxEntries[0])),
        ]
        for (name, payload) in rows {
            print("\(name) (\(payload.count) bytes):\n\(String(decoding: payload, as: UTF8.self))\n")
        }
        let sizes = try (0..<1_000).map { try RecordCoding.encode(product($0)).count }
        print("product payloads of products 0..<1000: \(sizes.min() ?? 0)–\(sizes.max() ?? 0) bytes, mean \(sizes.reduce(0, +) / sizes.count)")
    }
}
