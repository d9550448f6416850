import Foundation
import ProductImport

/// The pantry's ``LookupRateLimiting``: one ``LookupRateWindow`` in a file beside the store, read and written under
/// the file's `flock`, so every pantry process of one store shares the window that a single app keeps in memory.
///
/// 30 `pantry scan` runs back to back, or 5 at once, send at most `limit` requests in any `window` seconds between
/// them, counted at the server (see ``LookupRateWindow``). A waiting process holds no lock: it sleeps the wait the
/// window gave and asks again. A state file that cannot be decoded (a run killed mid-write) counts as a full
/// window from now on, never as an empty one.
struct StoreLookupRateLimiter: LookupRateLimiting {
    /// The state file.
    let file: URL
    /// The limit, window and lease; its entries are ignored (the file's are used).
    let settings: LookupRateWindow
    /// Wall-clock seconds: the same scale for every process, and across restarts.
    let now: @Sendable () -> Double
    /// The sleep between two decisions.
    let sleep: @Sendable (Double) async throws -> Void

    /// A limiter on `file` with the system's wall clock and `Task.sleep`.
    init(
        file: URL, settings: LookupRateWindow, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64(max(0, $0) * 1e9)) }
    ) {
        self.file = file
        self.settings = settings
        self.now = now
        self.sleep = sleep
    }

    func acquire() async throws(LookupRateLimitError) -> LookupPermit {
        while true {
            let decision = try await update { state, now in state.decide(at: now) }
            switch decision {
            case .granted(let permit): return permit
            case .wait(let seconds):
                do { try await sleep(seconds) } catch { throw .cancelled }
            }
        }
    }

    func release(_ permit: LookupPermit) async {
        // A release that cannot be written leaves the permit to its lease: the window only stays full longer.
        _ = try? await update { state, now in state.release(permit, at: now) }
    }

    /// Reads the state under the lock, changes it, writes it back.
    private func update<Value>(_ change: (inout LookupRateWindow, Double) -> Value) async throws(LookupRateLimitError) -> Value {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let (lock, _) = try await FileLock.acquire(file)
            defer { lock.unlock() }
            let now = now()
            var state = decode(try lock.read(), now: now)
            let result = change(&state, now)
            try lock.replace(with: try JSONEncoder().encode(state))
            return result
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .stateUnavailable(location: file.path, reason: String(describing: error))
        }
    }

    /// The stored state with this limiter's settings; an empty file is an empty window, a damaged one a full window.
    private func decode(_ data: Data, now: Double) -> LookupRateWindow {
        var state = LookupRateWindow(limit: settings.limit, window: settings.window, lease: settings.lease)
        if data.isEmpty { return state }
        if var stored = try? JSONDecoder().decode(LookupRateWindow.self, from: data) {
            stored.adopt(limit: settings.limit, window: settings.window, lease: settings.lease)
            return stored
        }
        for _ in 0..<settings.limit {
            if case .granted(let permit) = state.decide(at: now) { state.release(permit, at: now) }
        }
        return state
    }
}
