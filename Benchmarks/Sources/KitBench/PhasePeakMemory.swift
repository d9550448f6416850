import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How far one phase of a measurement raised the process's peak resident set size, as opposed to ``PeakMemory``'s
/// peak over the process's whole life (which also counts the fixtures and templates built before it).
///
/// On Linux, ``start()`` hands the heap's free pages back to the system (`malloc_trim`, so the phase cannot
/// reuse memory an earlier phase freed but kept resident), resets the high-water mark (`5` written to
/// `/proc/self/clear_refs`) and reads it (`VmHWM` in `/proc/self/status`); ``growth`` reads it again. Elsewhere
/// there is no figure ("n/a").
///
/// ```swift
/// let phase = PhasePeakMemory.start()
/// try await work()
/// ScaleLog.write("peak growth \(PhasePeakMemory.summary(phase.growth))")
/// ```
struct PhasePeakMemory: Sendable {
    /// The resident size right after the reset, in bytes, or `nil` where it cannot be read.
    let startBytes: Int?

    /// Starts measuring a phase.
    static func start() -> PhasePeakMemory {
        #if os(Linux)
        trimHeap()
        PeakMemory.noteReset()
        guard let handle = fopen("/proc/self/clear_refs", "w") else { return PhasePeakMemory(startBytes: nil) }
        let written = fputs("5", handle)
        fclose(handle)
        guard written >= 0 else { return PhasePeakMemory(startBytes: nil) }
        return PhasePeakMemory(startBytes: highWaterMark())
        #else
        return PhasePeakMemory(startBytes: nil)
        #endif
    }

    /// How far the peak rose above the resident size at ``start()``, in bytes, or `nil` ("n/a").
    var growth: Int? {
        #if os(Linux)
        guard let startBytes, let peak = Self.highWaterMark() else { return nil }
        return max(0, peak - startBytes)
        #else
        return nil
        #endif
    }

    /// "123 MiB" for a growth in bytes, or "n/a" for none.
    static func summary(_ growth: Int?) -> String {
        growth.map { "\(Int((Double($0) / 1_048_576).rounded())) MiB" } ?? "n/a"
    }

    #if os(Linux)
    /// glibc's `malloc_trim(0)`, looked up at run time (the `Glibc` module does not export `malloc.h`).
    private static func trimHeap() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif

    /// `VmHWM` of `/proc/self/status`, in bytes.
    private static func highWaterMark() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kibibytes = Int(fields[1]) else { return nil }
            return kibibytes * 1_024
        }
        return nil
    }
}
