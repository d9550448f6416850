import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's peak resident set size so far (`getrusage` `ru_maxrss`), for the progress log.
///
/// ``PhasePeakMemory`` resets the kernel's peak on Linux; it hands the peak it reset to ``noteReset()`` first, so
/// this stays the peak of the whole run.
enum PeakMemory {
    /// The highest peak a ``PhasePeakMemory`` reset, in mebibytes.
    private static let beforeResets = PeakBox()

    /// Keeps the current peak before a reset.
    static func noteReset() {
        beforeResets.raise(to: kernelMegabytes)
    }

    /// The peak in mebibytes.
    static var megabytes: Double {
        max(kernelMegabytes, beforeResets.value)
    }

    /// The kernel's figure in mebibytes (Linux reports kibibytes, Darwin bytes).
    private static var kernelMegabytes: Double {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) / 1_048_576
        #else
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) / 1_024
        #endif
    }

    /// "peak RSS 123 MiB".
    static var summary: String {
        "peak RSS \(Int(megabytes.rounded())) MiB"
    }
}

/// A maximum shared across tasks.
private final class PeakBox: @unchecked Sendable {
    // @unchecked: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored = 0.0

    var value: Double { lock.withLock { stored } }

    func raise(to value: Double) {
        lock.withLock { stored = max(stored, value) }
    }
}
