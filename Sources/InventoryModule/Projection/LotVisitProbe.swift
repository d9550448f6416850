#if DEBUG
import Foundation

/// Test instrumentation (debug builds only): counts the lots a ``LotTable`` hands out while the probe is the
/// task's current one, so a test can prove that folding an entry looks at the lots of its product, not at all lots.
///
/// ```swift
/// let probe = LotVisitProbe()
/// LotVisitProbe.$current.withValue(probe) { _ = state.apply(entry) }
/// #expect(probe.visits <= 10)
/// ```
///
/// A lookup by id counts one visit, an index bucket its size, and a walk over all lots (``LotTable/all`` or
/// ``InventoryState/lots``) every lot.
final class LotVisitProbe: @unchecked Sendable {
    // @unchecked: `count` is only read and written under `lock`.
    private let lock = NSLock()
    private var count = 0

    /// The probe of the current task, if any.
    @TaskLocal static var current: LotVisitProbe?

    /// A probe that has counted nothing.
    init() {}

    /// The lot visits counted so far.
    var visits: Int {
        lock.withLock { count }
    }

    /// Counts `visits` more lot visits.
    func record(_ visits: Int) {
        lock.withLock { count += visits }
    }
}
#endif
