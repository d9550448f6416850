import Foundation

/// Tells the sync engine whether the remote can be reached now.
///
/// Implement it with your platform's reachability (`NWPathMonitor` on Apple platforms). An implementer must
/// answer quickly and never throw: "unknown" is best reported as online, letting the push fail and retry.
public protocol ConnectivityProvider: Sendable {
    /// Whether the remote can be reached now.
    var isOnline: Bool { get async }
}

/// A connectivity provider with a fixed answer.
public struct StaticConnectivity: ConnectivityProvider {
    /// The fixed answer.
    public let isOnline: Bool

    /// Creates a provider that always answers `isOnline`.
    public init(isOnline: Bool) { self.isOnline = isOnline }

    /// Always online.
    public static let online = StaticConnectivity(isOnline: true)
    /// Always offline.
    public static let offline = StaticConnectivity(isOnline: false)
}
