import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time and kernel counters the process has used so far (`getrusage`), for the progress log of
/// scenarios whose cost per item matters more than their wall time on a shared machine: subtracting two snapshots
/// tells how an item's CPU splits between user and system time, and how many page faults and involuntary context
/// switches came with it.
struct ProcessCPU: Sendable {
    /// User time in seconds.
    var user: Double
    /// System (kernel) time in seconds.
    var system: Double
    /// Minor page faults (a page mapped without reading the disk: fresh memory, or memory given back and reused).
    var minorFaults: Int
    /// Involuntary context switches (the thread was preempted).
    var involuntarySwitches: Int

    /// User plus system time in seconds.
    var seconds: Double { user + system }

    /// The process's counters now; zeros when the kernel does not answer.
    static var now: ProcessCPU {
        var usage = rusage()
        #if canImport(Darwin)
        let status = getrusage(RUSAGE_SELF, &usage)
        #else
        let status = getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        guard status == 0 else { return ProcessCPU(user: 0, system: 0, minorFaults: 0, involuntarySwitches: 0) }
        func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ProcessCPU(
            user: value(usage.ru_utime), system: value(usage.ru_stime),
            minorFaults: Int(usage.ru_minflt), involuntarySwitches: Int(usage.ru_nivcsw))
    }

    /// The counters between `earlier` and this snapshot.
    func since(_ earlier: ProcessCPU) -> ProcessCPU {
        ProcessCPU(
            user: user - earlier.user, system: system - earlier.system,
            minorFaults: minorFaults - earlier.minorFaults,
            involuntarySwitches: involuntarySwitches - earlier.involuntarySwitches)
    }

    /// "196 µs of CPU a record (170 user, 26 system), 4.1 page faults, 0.02 preemptions": these counters spread
    /// over `count` items.
    func perItem(_ count: Int, item: String) -> String {
        let n = Double(max(count, 1))
        func micros(_ value: Double) -> Int { Int((value * 1e6 / n).rounded()) }
        return "\(micros(seconds)) µs of CPU a \(item) (\(micros(user)) user, \(micros(system)) system), "
            + String(format: "%.1f page faults, %.2f preemptions", Double(minorFaults) / n, Double(involuntarySwitches) / n)
    }
}
