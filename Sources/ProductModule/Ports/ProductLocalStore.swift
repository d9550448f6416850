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
}
