/// Measures the wall-clock time of the timed part of one side of a scenario.
///
/// Only the work inside ``time(_:)`` is counted; a side prepares its inputs (copies a database, opens a
/// connection, builds values) before, and cleans up after, outside the measurement.
enum Stopwatch {
    /// Runs `work` and returns how long it took, in seconds.
    static func time(_ work: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await work()
        return seconds(start.duration(to: clock.now))
    }

    /// Runs synchronous `work` and returns how long it took, in seconds.
    static func timeSync(_ work: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try work()
        return seconds(start.duration(to: clock.now))
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
