import Foundation
import InventorySync

/// A connectivity provider a test switches on and off.
public actor ToggleConnectivity: ConnectivityProvider {
    /// Whether the remote is reachable.
    public private(set) var isOnline: Bool

    /// Creates a provider, online by default.
    public init(isOnline: Bool = true) {
        self.isOnline = isOnline
    }

    /// Switches connectivity.
    public func set(online: Bool) {
        isOnline = online
    }
}
