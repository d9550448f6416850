import Foundation

/// The one feed named entities are pulled from: every kind (categories, manufacturers, locations, units, tags) of
/// the remote, in one cursor.
public struct NamedEntityFeed: Hashable, Sendable, CustomStringConvertible {
    /// The feed.
    public static let all = NamedEntityFeed()

    private init() {}

    /// `named entities`.
    public var description: String { "named entities" }
}

/// The events of a ``NamedEntitySync``: per entity id, on the one ``NamedEntityFeed``.
public typealias NamedEntitySyncEvent = SyncEvent<UUID, NamedEntityFeed>

/// The report of one ``NamedEntitySync`` pass.
public typealias NamedEntitySyncReport = SyncReport<NamedEntityFeed>
