import Foundation

extension Date {
    /// The fixed "now" of test data: 800,000,000 seconds after 2001-01-01 (2026-05-09 06:13:20 UTC). The kit's
    /// fixture builders (`SyncStamp.fixture`, the journal entry and product fixtures) date their values from it, so
    /// tests never read the clock.
    public static let fixtureEpoch = Date(timeIntervalSinceReferenceDate: 800_000_000)
}
