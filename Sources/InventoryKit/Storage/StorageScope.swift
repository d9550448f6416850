import Foundation

/// Whose data a store holds: the user's private data or shared reference data.
///
/// The scope decides routing: ``StorageService`` writes a user asset to ``StorageProvider/userMetadata`` and
/// ``StorageProvider/userData``, a domain asset to ``StorageProvider/domainMetadata`` and
/// ``StorageProvider/domainData``.
public enum StorageScope: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Private records and files of the user (a private database, the app's documents).
    case user
    /// Shared reference records and files (a public database, a read-mostly cache of a catalogue).
    case domain

    /// The scope's name.
    public var description: String { rawValue }
}
