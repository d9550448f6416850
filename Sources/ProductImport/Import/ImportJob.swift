import ProductModule

/// A running import: its progress as a stream, and its report when it ends.
///
/// ```swift
/// let job = await importService.start(records, from: OpenFoodFactsNormalizer())
/// Task { for await progress in job.progress { show(progress.fractionCompleted) } }
/// let report = try await job.report()
/// ```
public struct ImportJob: Sendable {
    /// Progress after every batch; the last element is the final state, then the stream ends. It keeps the newest
    /// few values when nobody reads, so a slow reader sees the latest state, not a backlog.
    public let progress: AsyncStream<ImportProgress>
    private let task: Task<ImportReport<ProductID>, any Error>

    init(progress: AsyncStream<ImportProgress>, task: Task<ImportReport<ProductID>, any Error>) {
        self.progress = progress
        self.task = task
    }

    /// Waits for the import to end and returns its report (a cancelled import reports what it did).
    ///
    /// - Throws: ``ImportError/storageFailed(reason:processed:)`` when the catalog's storage failed.
    public func report() async throws -> ImportReport<ProductID> {
        try await task.value
    }

    /// Stops the import after the batch in progress; `report()` then has ``ImportReport/wasCancelled`` set.
    public func cancel() {
        task.cancel()
    }
}
