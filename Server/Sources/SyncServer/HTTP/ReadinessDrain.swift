import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// The first step of a graceful shutdown: `/v1/ready` answers 503 for ``duration`` while the server still serves,
/// so a load balancer stops sending requests before the server stops accepting them.
///
/// Run it as the last service of the group that runs the application: a group shuts its services down in
/// reverse order, so the drain ends before the HTTP server starts its own shutdown.
package final class ReadinessDrain: Service, Sendable {
    /// How long `/v1/ready` answers 503 before the server stops accepting.
    package let duration: Duration
    private let logger: Logger
    private let draining = NIOLockedValueBox(false)

    /// Creates a drain of `duration`.
    package init(duration: Duration, logger: Logger) {
        self.duration = duration
        self.logger = logger
    }

    /// Whether a graceful shutdown has begun.
    package var isDraining: Bool { draining.withLockedValue { $0 } }

    /// Waits for the graceful shutdown, then marks the server draining and waits ``duration``.
    package func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled: the group is ending without a graceful shutdown
        }
        draining.withLockedValue { $0 = true }
        logger.info("Shutting down: /v1/ready answers 503 while draining", metadata: ["drain": "\(duration)"])
        try? await Task.sleep(for: duration)
    }
}
