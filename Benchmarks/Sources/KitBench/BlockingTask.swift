import Foundation

/// Runs async work to completion from synchronous code.
///
/// `kitbench` has a synchronous entry point on purpose: an `async` main parks the main thread in
/// `dispatch_main()`, which valgrind 3.19 (callgrind) cannot follow — it crashes as soon as a second thread
/// starts. With a synchronous main, the benchmark can be profiled with callgrind (see docs/performance.md).
enum BlockingTask {
    /// Starts `body` in a task and blocks the calling thread until it returns or throws.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                outcome.set(.success(try await body()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// The result handed from the task to the waiting thread.
    ///
    /// `@unchecked Sendable`: its one stored property is only read and written while holding `lock`.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<T, any Error>?

        func set(_ value: Result<T, any Error>) {
            lock.withLock { result = value }
        }

        func get() throws -> T {
            guard let result = lock.withLock({ result }) else { throw BenchmarkError.setup("the task did not finish") }
            return try result.get()
        }
    }
}
