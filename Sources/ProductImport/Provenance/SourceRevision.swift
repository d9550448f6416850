import Foundation

/// The revision of a provider's record that an import read, as recorded in ``FieldProvenance``.
///
/// ```swift
/// SourceRevision(revision: "121", revisedAt: Date(timeIntervalSince1970: 1_742_669_182))   // an OFF record
/// ```
public struct SourceRevision: Hashable, Sendable, Codable {
    /// The provider's revision label, such as Open Food Facts' `rev`.
    public var revision: String?
    /// When the provider last changed the record.
    public var revisedAt: Date?

    /// Creates a revision; both values are optional.
    public init(revision: String? = nil, revisedAt: Date? = nil) {
        self.revision = revision
        self.revisedAt = revisedAt
    }
}
