import Foundation
import InventoryKit
import InventorySync

/// The product module's local persistence: products, tombstones, and one atomic commit for every local step.
///
/// A default implementation on any `StorageProvider` is ``StorageProductStore``; a specialized adapter (SQLite)
/// implements the port natively. Implementer obligations:
/// - ``commit(_:)`` writes the whole ``ProductLocalTransaction`` atomically — products, tombstones, sync records,
///   outbox entries and the pull cursor — or nothing. The offline-first guarantee (a change is never stored
///   without its outbox entry) rests on it. Inside the same atomic step it checks
///   ``ProductLocalTransaction/requiredUnknown`` and throws `StorageError.preconditionFailed` (writing nothing)
///   when one of those products has a product, tombstone or sync record.
/// - ``query(_:)`` returns exactly the page ``ProductQueryEvaluator`` computes over the stored products and
///   their sync state kinds (run `ProductQueryConformance` from `ProductModuleTesting`).
/// - All methods are safe to call concurrently.
public protocol ProductLocalStore: Sendable {
    /// The product with this id, or `nil`.
    ///
    /// - Throws: a storage error, or a corrupt-record error naming the product.
    func product(_ id: ProductID) async throws -> Product?

    /// The tombstone of a deleted or migrated product, or `nil`.
    ///
    /// - Throws: a storage error.
    func tombstone(_ id: ProductID) async throws -> ProductTombstone?

    /// One page of products.
    ///
    /// - Throws: ``ProductQueryError`` for an invalid query, or a storage error.
    func query(_ query: ProductQuery) async throws -> ProductPage

    /// Applies a transaction atomically.
    ///
    /// - Throws: a storage error; nothing of the transaction was written then.
    func commit(_ transaction: ProductLocalTransaction) async throws

    /// The stored products with these ids, keyed by id; unknown ids are absent. Bulk callers (an import) read a
    /// batch in one call; a native store answers in one query.
    ///
    /// - Throws: a storage error, or a corrupt-record error naming the first product that does not decode.
    func products(_ ids: [ProductID]) async throws -> [ProductID: Product]

    /// The tombstones of these ids, keyed by id; ids without one are absent.
    ///
    /// - Throws: a storage error.
    func tombstones(_ ids: [ProductID]) async throws -> [ProductID: ProductTombstone]

    /// The products whose current version was written from a provider record with one of these source
    /// fingerprints (``Product/sourceFingerprint``), keyed by fingerprint. A store without an index on
    /// fingerprints answers `[:]`, which only means that callers cannot skip work.
    ///
    /// - Throws: a storage error.
    func productIDs(withSourceFingerprints fingerprints: [String]) async throws -> [String: ProductID]
}

extension ProductLocalStore {
    /// The default: one point read per id.
    public func products(_ ids: [ProductID]) async throws -> [ProductID: Product] {
        var found: [ProductID: Product] = [:]
        for id in ids where found[id] == nil {
            if let product = try await product(id) { found[id] = product }
        }
        return found
    }

    /// The default: one point read per id.
    public func tombstones(_ ids: [ProductID]) async throws -> [ProductID: ProductTombstone] {
        var found: [ProductID: ProductTombstone] = [:]
        for id in ids where found[id] == nil {
            if let tombstone = try await tombstone(id) { found[id] = tombstone }
        }
        return found
    }

    /// The default: no index on fingerprints, so nothing is found.
    public func productIDs(withSourceFingerprints fingerprints: [String]) async throws -> [String: ProductID] {
        [:]
    }
}
