import Foundation
import InventoryKit
import InventoryKitTesting

// Fixtures for the uniqueness tests: a product record that references a category, the rewriter that moves those
// references, simulated devices and a tiny test-only sync. The real sync engine lives elsewhere.

/// A product of the tests: it references a category by id.
struct ShelfProduct: StorableRecord, Hashable {
    static let collection: RecordCollection = "shelfProducts"
    var id: UUID
    var name: String
    var categoryID: UUID
    var updatedAt: Date

    var recordID: RecordID { RecordID(id) }
    var indexedFields: [String: FieldValue] {
        ["categoryID": .string(RecordID(categoryID).rawValue), "updatedAt": .date(updatedAt)]
    }
}

/// Moves shelf products from retired categories to their winners, in one atomic write per call.
struct ShelfProductCategoryRewriter: ReferenceRewriter {
    let store: any MetadataStore
    let clock: InventoryClock

    func rewriteReferences(_ redirects: [UUID: UUID], kind: NamedEntityKind) async throws -> Int {
        let retired = redirects.keys.map { FieldValue.string(RecordID($0).rawValue) }
        var writes: [RecordWrite] = []
        for stored in try await store.all(matching: .isIn("categoryID", retired), in: ShelfProduct.collection) {
            var product = try ShelfProduct.decode(stored)
            guard let target = redirects[product.categoryID] else { continue }
            product.categoryID = target
            product.updatedAt = max(product.updatedAt, clock.now())
            writes.append(try .save(product, precondition: .revision(stored.revision)))
        }
        if !writes.isEmpty { try await store.apply(writes) }
        return writes.count
    }
}

/// Small values for the uniqueness tests.
enum UniquenessFixture {
    /// A fixed UUID whose last byte is `value`, for records created "before keys existed".
    static func uuid(_ value: UInt8) -> UUID {
        UUID(uuid: (0xA0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, value))
    }

    /// A date `seconds` after the reference date.
    static func date(_ seconds: TimeInterval) -> Date {
        Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// An id source that counts up from `start`, for non-unique kinds.
    static func incrementingIDs(from start: UInt8 = 1) -> @Sendable () -> UUID {
        let counter = Counter(start)
        return { UUID(uuid: (0xB0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, counter.next())) }
    }

    /// The lock-protected state of ``incrementingIDs(from:)``.
    private final class Counter: @unchecked Sendable {
        // @unchecked: `value` is only read and written under `lock`.
        private let lock = NSLock()
        private var value: UInt8

        init(_ start: UInt8) { value = start }

        func next() -> UInt8 {
            lock.lock()
            defer {
                value &+= 1
                lock.unlock()
            }
            return value
        }
    }
}

/// A store whose first queries find nothing, to replay a lost race deterministically; it counts the writes
/// rejected by a precondition.
final class StaleQueryStore: MetadataStore, @unchecked Sendable {
    // @unchecked: `missedQueries` and `rejected` are only read and written under `lock`.
    private let lock = NSLock()
    private let base: any MetadataStore
    private var missedQueries: Int
    private var rejected = 0

    init(base: any MetadataStore, missedQueries: Int) {
        self.base = base
        self.missedQueries = missedQueries
    }

    var scope: StorageScope { base.scope }
    var failedPreconditions: Int { locked { rejected } }

    func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord? {
        try await base.record(id, in: collection)
    }

    func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
        let miss = locked {
            defer { missedQueries = max(0, missedQueries - 1) }
            return missedQueries > 0
        }
        return miss ? RecordPage(records: [], nextCursor: nil) : try await base.query(query, in: collection)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func apply(_ writes: [RecordWrite]) async throws {
        do {
            try await base.apply(writes)
        } catch StorageError.preconditionFailed(let collection, let id, let expected, let actual) {
            locked { rejected += 1 }
            throw StorageError.preconditionFailed(collection: collection, id: id, expected: expected, actualRevision: actual)
        }
    }
}

/// One device: its own storage and clock, offline until ``ForagerSync/run(_:kind:)`` is called.
struct ForagerDevice {
    let name: String
    let storage = InMemoryStorageProvider()
    let time: ManualClock

    init(_ name: String, startingAt seconds: TimeInterval) {
        self.name = name
        time = ManualClock(UniquenessFixture.date(seconds))
    }

    var store: any MetadataStore { storage.domainMetadata }

    func repository(_ kind: NamedEntityKind = .category) -> NamedEntityRepository {
        NamedEntityRepository(storage: storage, kind: kind, clock: time.clock, makeID: { UUID() })
    }

    var rewriter: ShelfProductCategoryRewriter { ShelfProductCategoryRewriter(store: store, clock: time.clock) }

    /// Creates a category through the repository, as the app does; the clock moves on one second.
    @discardableResult
    func createCategory(_ name: String) async throws -> NamedEntity {
        defer { time.advance(by: 1) }
        let result = try await repository().getOrCreate(name)
        guard let entity = result.entity else { throw StorageError.invalidQuery(reason: "no category for \(name)") }
        return entity
    }

    /// Creates a category the way a version without semantic keys did: a random id and no key.
    @discardableResult
    func createLegacyCategory(_ name: String, id: UUID) async throws -> NamedEntity {
        defer { time.advance(by: 1) }
        let entity = NamedEntity(
            id: id, kind: .category, semanticKey: nil, displayName: name, createdAt: time.now, updatedAt: time.now)
        try await store.save(entity)
        return entity
    }

    @discardableResult
    func addProduct(_ name: String, category: UUID) async throws -> ShelfProduct {
        defer { time.advance(by: 1) }
        let product = ShelfProduct(id: UUID(), name: name, categoryID: category, updatedAt: time.now)
        try await store.save(product)
        return product
    }

    func products() async throws -> [ShelfProduct] {
        try await store.all(in: ShelfProduct.collection).map { try ShelfProduct.decode($0) }
    }

    func liveCategories() async throws -> [NamedEntity] {
        try await repository().allEntities()
    }

    /// The payloads of every synced record, to compare replicas byte for byte.
    func syncedPayloads() async throws -> [String: Data] {
        var payloads: [String: Data] = [:]
        for collection in [NamedEntity.collection, ShelfProduct.collection] {
            for stored in try await store.all(in: collection) {
                payloads["\(collection)/\(stored.id)"] = stored.payload
            }
        }
        return payloads
    }
}

/// A test-only sync: every device sends every record to every other (union by id; named entities joined with
/// ``NamedEntity/reconciled(with:)``, products last-write-wins), then each device runs the deterministic merge.
enum ForagerSync {
    @discardableResult
    static func run(_ devices: [ForagerDevice], kind: NamedEntityKind = .category) async throws -> [SemanticMergeReport] {
        var entities: [UUID: NamedEntity] = [:]
        var products: [UUID: ShelfProduct] = [:]
        for device in devices {
            for stored in try await device.store.all(in: NamedEntity.collection) {
                let entity = try NamedEntity.decode(stored)
                entities[entity.id] = entities[entity.id].map { $0.reconciled(with: entity) } ?? entity
            }
            for product in try await device.products() {
                if let known = products[product.id], !newer(product, than: known) { continue }
                products[product.id] = product
            }
        }
        var reports: [SemanticMergeReport] = []
        for device in devices {
            var writes: [RecordWrite] = []
            for entity in entities.values { writes.append(try .save(entity)) }
            for product in products.values { writes.append(try .save(product)) }
            try await device.store.apply(writes)
            reports.append(try await device.repository(kind).resolveDuplicates(rewriter: device.rewriter))
        }
        return reports
    }

    /// Syncs until a round changes nothing, at most `rounds` times.
    static func settle(_ devices: [ForagerDevice], rounds: Int = 4) async throws {
        for _ in 0..<rounds {
            let before = try await payloads(of: devices)
            try await run(devices)
            if try await payloads(of: devices) == before { return }
        }
    }

    private static func payloads(of devices: [ForagerDevice]) async throws -> [[String: Data]] {
        var all: [[String: Data]] = []
        for device in devices { all.append(try await device.syncedPayloads()) }
        return all
    }

    private static func newer(_ candidate: ShelfProduct, than known: ShelfProduct) -> Bool {
        if candidate.updatedAt != known.updatedAt { return candidate.updatedAt > known.updatedAt }
        return RecordID(candidate.categoryID) < RecordID(known.categoryID)
    }
}
