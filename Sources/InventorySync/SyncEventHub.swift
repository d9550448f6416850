import Foundation

/// Broadcasts ``SyncEvent``s to any number of subscribers.
///
/// Each subscriber gets its own `AsyncStream`, buffered up to `bufferSize` events (the oldest are dropped when a
/// subscriber falls behind); a stream ends when its task is cancelled or the hub is released.
public actor SyncEventHub {
    private var continuations: [UUID: AsyncStream<SyncEvent>.Continuation] = [:]
    private let bufferSize: Int

    /// Creates a hub.
    public init(bufferSize: Int = 1_000) {
        self.bufferSize = max(1, bufferSize)
    }

    /// A new stream of every event emitted from now on.
    public func subscribe() -> AsyncStream<SyncEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<SyncEvent>.makeStream(bufferingPolicy: .bufferingNewest(bufferSize))
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.remove(id) }
        }
        return stream
    }

    /// Sends an event to every subscriber.
    public func emit(_ event: SyncEvent) {
        for continuation in continuations.values { continuation.yield(event) }
    }

    /// The number of live subscribers.
    public var subscriberCount: Int { continuations.count }

    private func remove(_ id: UUID) {
        continuations[id] = nil
    }

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }
}
