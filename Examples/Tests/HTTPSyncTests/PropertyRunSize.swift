import Foundation

/// How many seeds the slow property suites of this target run: a normal run's size, or the full size when
/// `INVENTORYKIT_LONG_RUN=1` is set (`INVENTORYKIT_LONG_RUN=1 scripts/test`).
///
/// The normal sizes keep every suite's model whole (each seed runs every step and check); what the long run adds
/// is more seeds. Each bug these suites found has its own deterministic regression test as well.
enum PropertyRunSize {
    /// Whether this is a long run.
    static var isLong: Bool {
        ProcessInfo.processInfo.environment["INVENTORYKIT_LONG_RUN"] == "1"
    }

    /// `normal` seeds, or `long` in a long run.
    static func seeds(normal: Int, long: Int) -> Int {
        isLong ? long : normal
    }
}
