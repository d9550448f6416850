import Foundation
import ProductImport

/// A lookup timer whose sleeps return at once and move virtual time on, recording every sleep.
final class VirtualLookupTimer: @unchecked Sendable {  // `seconds` and `sleeps` are guarded by `lock`
    private let lock = NSLock()
    private var seconds: Double = 0
    private var slept: [Double] = []

    /// The current virtual time.
    var now: Double { lock.withLock { seconds } }
    /// Every sleep asked for, in order.
    var sleeps: [Double] { lock.withLock { slept } }

    /// Moves virtual time on.
    func advance(by delta: Double) { lock.withLock { seconds += delta } }

    /// The timer to inject: a sleep of `d` moves the time to at least `now + d` as read when it began.
    var timer: LookupTimer {
        LookupTimer(
            now: { [self] in now },
            sleep: { [self] delta in
                lock.withLock {
                    slept.append(delta)
                    seconds += max(0, delta)
                }
                await Task.yield()
            })
    }
}
