import CCoreLimit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Confines the whole process to its first cores for a while (Linux `sched_setaffinity` on every thread), so one
/// side of a scenario measures the kit's path with fewer cores than the machine has.
///
/// Every thread the process has is moved, and threads started later inherit the mask of the thread that starts
/// them, so the import's workers, `DispatchQueue.concurrentPerform` and SQLite's thread all share the allowed
/// cores; `ProcessInfo.activeProcessorCount` (which the kit sizes its workers by) then answers the allowed count.
/// ``restore()`` gives every thread all the cores back.
enum CoreLimit {
    /// Whether this platform can confine the process (Linux only; elsewhere the scenario reports that it cannot).
    static var isSupported: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The machine's cores (the mask the process started with).
    static let machineCores = ProcessInfo.processInfo.activeProcessorCount

    /// Confines every thread of the process to cores `0..<cores`.
    ///
    /// - Throws: ``BenchmarkError/setup(_:)`` when the kernel refuses, or the platform cannot.
    static func confine(toCores cores: Int) throws {
        try apply(cores: max(1, min(cores, machineCores)))
    }

    /// Gives every thread of the process all the machine's cores again.
    static func restore() throws {
        try apply(cores: machineCores)
    }

    private static func apply(cores: Int) throws {
        #if os(Linux)
        // Twice: a thread started while the first pass ran inherited its creator's mask, old or new.
        for _ in 0..<2 {
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            guard !threads.isEmpty else { throw BenchmarkError.setup("/proc/self/task lists no thread") }
            for thread in threads.compactMap({ Int32($0) }) {
                let status = kitbench_confine_thread(thread, Int32(cores))
                // A thread that ended meanwhile answers ESRCH: nothing to confine.
                guard status == 0 || status == ESRCH else {
                    throw BenchmarkError.setup("sched_setaffinity(\(thread)): \(String(cString: strerror(status)))")
                }
            }
        }
        #else
        throw BenchmarkError.setup("confining the process to \(cores) cores needs Linux's sched_setaffinity")
        #endif
    }
}
