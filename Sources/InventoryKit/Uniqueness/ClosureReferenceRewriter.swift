import Foundation

/// A ``ReferenceRewriter`` made from a closure.
///
/// ```swift
/// let report = try await categories.resolveDuplicates(rewriter: .closure { redirects, _ in
///     try await products.repoint(categories: redirects)
/// })
/// ```
public struct ClosureReferenceRewriter: ReferenceRewriter {
    private let rewrite: @Sendable ([UUID: UUID], NamedEntityKind) async throws -> Int

    /// Wraps a closure that moves references and returns how many it moved.
    public init(_ rewrite: @escaping @Sendable ([UUID: UUID], NamedEntityKind) async throws -> Int) {
        self.rewrite = rewrite
    }

    /// Calls the closure.
    ///
    /// - Throws: what the closure throws.
    public func rewriteReferences(_ redirects: [UUID: UUID], kind: NamedEntityKind) async throws -> Int {
        try await rewrite(redirects, kind)
    }
}

// MARK: - API

extension ReferenceRewriter where Self == ClosureReferenceRewriter {
    /// A rewriter made from a closure that moves references and returns how many it moved.
    public static func closure(
        _ rewrite: @escaping @Sendable ([UUID: UUID], NamedEntityKind) async throws -> Int
    ) -> ClosureReferenceRewriter {
        ClosureReferenceRewriter(rewrite)
    }
}
