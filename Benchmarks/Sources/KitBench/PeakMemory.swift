#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's peak resident set size so far (`getrusage` `ru_maxrss`), for the progress log.
enum PeakMemory {
    /// The peak in mebibytes (Linux reports kibibytes, Darwin bytes).
    static var megabytes: Double {
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
