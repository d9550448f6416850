import Foundation

/// Moves the caller's references from retired named entities to the records that replaced them, when
/// ``NamedEntityRepository`` merges duplicates.
///
/// The kit does not know which of the app's records point at a category or a manufacturer; the app does. A
/// rewriter finds, say, the products whose category id is a retired id and points them at the winner:
///
/// ```swift
/// struct ProductCategoryRewriter: ReferenceRewriter {
///     let store: any MetadataStore
///     func rewriteReferences(_ redirects: [UUID: UUID], kind: NamedEntityKind) async throws -> Int {
///         let ids = redirects.keys.map { FieldValue.string(RecordID($0).rawValue) }
///         var moved = 0
///         for stored in try await store.all(matching: .isIn("categoryID", ids), in: Product.collection) {
///             var product = try Product.decode(stored)
///             guard let target = redirects[product.categoryID] else { continue }
///             product.categoryID = target
///             try await store.save(product)
///             moved += 1
///         }
///         return moved
///     }
/// }
/// ```
///
/// ## Implementer obligations
/// - Rewrite every reference to a key of `redirects` so that it points to the value; the values are live records.
/// - Be idempotent: the repository hands over every retired id of the kind on every merge pass (so references
///   that arrive by sync after a merge are moved too), and most calls find nothing to do.
/// - Throw when a reference could not be moved; the merge itself is already stored and the references keep
///   resolving through ``NamedEntityRepository/resolve(_:)``; the next pass retries.
public protocol ReferenceRewriter: Sendable {
    /// Points every reference to a retired id at its live replacement.
    ///
    /// - Parameters:
    ///   - redirects: retired id → live id; never empty.
    ///   - kind: the kind of the entities.
    /// - Returns: how many references were moved.
    /// - Throws: whatever the app's storage throws; the merge pass rethrows it.
    func rewriteReferences(_ redirects: [UUID: UUID], kind: NamedEntityKind) async throws -> Int
}
