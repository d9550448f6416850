import Foundation

/// The injected source of the current time for every service in the kit, so tests are deterministic.
///
/// Named `InventoryClock` rather than `Clock` so it never shadows the standard library's `Clock` protocol in
/// client code.
///
/// ```swift
/// let service = StorageService(storage: provider, clock: .constant(Date(timeIntervalSince1970: 0)))
/// ```
public struct InventoryClock: Sendable {
    private let read: @Sendable () -> Date

    /// Creates a clock that reads the time from a closure.
    public init(_ now: @escaping @Sendable () -> Date) {
        read = now
    }

    /// The current time.
    public func now() -> Date { read() }

    /// The system's wall clock.
    public static var system: InventoryClock { InventoryClock { Date() } }

    /// A clock stopped at `date`.
    public static func constant(_ date: Date) -> InventoryClock { InventoryClock { date } }
}
