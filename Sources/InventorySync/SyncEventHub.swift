import Foundation

/// Broadcasts events to any number of subscribers.
///
/// Each subscriber gets its own `AsyncStream`, buffered up to `bufferSize` events (the oldest are dropped when a
/// subscriber falls behind); a stream ends when its task is cancelled or the hub is released.
package actor SyncEventHub<Event: Sendable> {
    private var continuations: [UUID: AsyncStream<Event>.Continuation] = [:]
    private let bufferSize: Int

    /// Creates a hub.
    package init(bufferSize: Int = 1_000) {
        self.bufferSize = max(1, bufferSize)
    }

    /// A new stream of every event emitted from now on.
    package func subscribe() -> AsyncStream<Event> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(bufferSize))
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.remove(id) }
        }
        return stream
    }

    /// Sends an event to every subscriber.
    package func emit(_ event: Event) {
        for continuation in continuations.values { continuation.yield(event) }
    }

    /// Sends events, in order, to every subscriber.
    package func emit(_ events: [Event]) {
        for event in events {
            for continuation in continuations.values { continuation.yield(event) }
        }
    }

    /// The number of live subscribers.
    package var subscriberCount: Int { continuations.count }

    private func remove(_ id: UUID) {
        continuations[id] = nil
    }

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }
}
