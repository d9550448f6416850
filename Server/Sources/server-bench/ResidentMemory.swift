import Foundation

/// The process's resident memory as Linux reports it in `/proc/self/status`, with its peak reset on demand
/// (`/proc/self/clear_refs`), to measure how much a step grows the footprint; `nil` elsewhere.
enum ResidentMemory {
    /// Resets the peak to the current footprint and returns that footprint in bytes, or `nil` when the system
    /// cannot.
    static func resetPeak() -> Int? {
        #if os(Linux)
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
        } catch {
            return nil
        }
        return field("VmRSS")
        #else
        return nil
        #endif
    }

    /// The peak footprint since the last reset, in bytes, or `nil` when the system does not report it.
    static func peak() -> Int? {
        #if os(Linux)
        return field("VmHWM")
        #else
        return nil
        #endif
    }

    /// How much running `body` grew the footprint over what it was before (peak minus start), in bytes, or `nil`.
    static func growth<T>(_ body: () async throws -> T) async rethrows -> (value: T, bytes: Int?) {
        let start = resetPeak()
        let value = try await body()
        guard let start, let peak = peak() else { return (value, nil) }
        return (value, max(0, peak - start))
    }

    #if os(Linux)
    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1_024 }
        }
        return nil
    }
    #endif
}
