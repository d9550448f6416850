import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's peak resident memory: on Linux since the last ``reset()`` (writing `5` to
/// `/proc/self/clear_refs` resets `VmHWM` in `/proc/self/status`); elsewhere since the process started
/// (`getrusage`), which is an upper bound of the same figure.
enum ResidentMemory {
    /// Starts a new peak, where the platform allows it.
    static func reset() {
        #if os(Linux)
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        #endif
    }

    /// The peak in bytes, or `nil` when it cannot be read.
    static func peakBytes() -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kibibytes * 1_024
        #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss)
        #endif
    }
}
