import Foundation

/// Writes to both metadata stores of a provider that must land together or not at all.
///
/// A sync engine uses a batch to commit a domain change and its outbox entry in one atomic local step:
///
/// ```swift
/// var batch = StorageBatch()
/// batch.domain.append(.put(productRecord, in: "products"))
/// batch.user.append(.put(outboxEntry, in: "outbox", precondition: .absent))
/// try await storage.commit(batch)
/// ```
public struct StorageBatch: Hashable, Sendable {
    /// Writes to ``StorageProvider/userMetadata``, applied in order.
    public var user: [RecordWrite]
    /// Writes to ``StorageProvider/domainMetadata``, applied in order.
    public var domain: [RecordWrite]

    /// Creates a batch.
    public init(user: [RecordWrite] = [], domain: [RecordWrite] = []) {
        self.user = user
        self.domain = domain
    }

    /// Whether the batch holds no write.
    public var isEmpty: Bool { user.isEmpty && domain.isEmpty }

    /// The writes of one scope.
    public subscript(scope: StorageScope) -> [RecordWrite] {
        get { scope == .user ? user : domain }
        set {
            if scope == .user { user = newValue } else { domain = newValue }
        }
    }
}
