import Foundation

/// How the inventory module learns whether a product id exists and where a migrated id now points, without
/// ever loading products.
///
/// The app's composition root implements it — typically with `ProductModuleService` (an id exists when the
/// product retrieves; a migrated id resolves to the canonical product's id) — so the inventory module never
/// depends on the product module. Implementers must be fast (the service calls it once per product reference of
/// a command) and must not throw for an unknown id: answer ``ProductReferenceResolution/unknown``.
public protocol ProductReferenceResolver: Sendable {
    /// Resolves a product reference.
    ///
    /// - Throws: only when the lookup itself failed (storage unavailable); the command is then refused.
    func resolve(_ reference: ProductReference) async throws -> ProductReferenceResolution
}

/// The answer of a ``ProductReferenceResolver``.
public enum ProductReferenceResolution: Hashable, Sendable {
    /// The product exists under this id (the same one, or the canonical id of a migrated product).
    case exists(canonical: ProductReference)
    /// No product has this id.
    case unknown
}

/// A resolver that accepts every reference as it is, for apps without a product catalog.
public struct AcceptingProductReferenceResolver: ProductReferenceResolver {
    /// Creates the resolver.
    public init() {}

    /// Every reference exists, under its own id.
    public func resolve(_ reference: ProductReference) async throws -> ProductReferenceResolution {
        .exists(canonical: reference)
    }
}
