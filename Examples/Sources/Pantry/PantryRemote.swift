import Foundation
import HTTPSync

/// What a pantry syncs with.
enum PantryRemote {
    /// Nothing: the command works offline.
    case none
    /// A second store acting as the remote (`sync --remote PATH`).
    case store(String)
    /// The InventoryKit sync server (`sync --server URL --token TOKEN --household ID`).
    case server(HTTPSyncConfiguration)

    /// Whether the pantry syncs with something in this run.
    var isSet: Bool {
        if case .none = self { return false }
        return true
    }

    /// The server's configuration, when the remote is one.
    var server: HTTPSyncConfiguration? {
        if case .server(let configuration) = self { return configuration }
        return nil
    }
}

extension PantryRemote {
    /// What the remote is, for `pantry status`: the server's API root, the store's path, or `none`.
    var name: String {
        switch self {
        case .none: "none"
        case .store(let path): path
        case .server(let configuration): configuration.apiRoot.absoluteString
        }
    }
}
