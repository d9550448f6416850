import NIOConcurrencyHelpers
@testable import SyncServer
import Testing

/// Waiting for work that does not notice cancellation ends at the bound, or when the waiting task is cancelled,
/// while the work runs on.
struct FirstAnswerTests {
    /// Work that ignores cancellation and ends only when `released` is set.
    private static func stubborn(_ released: NIOLockedValueBox<Bool>, ran: NIOLockedValueBox<Bool>) -> @Sendable () async throws -> Void {
        {
            while !released.withLockedValue({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
            ran.withLockedValue { $0 = true }
        }
    }

    @Test func workThatFinishesIsAnsweredAndWorkThatThrowsIsNot() async {
        #expect(await FirstAnswer.within(.seconds(30)) {})
        #expect(await FirstAnswer.within(nil) { throw CancellationError() } == false)
    }

    @Test(.timeLimit(.minutes(1)))
    func theBoundEndsTheWaitWhileTheWorkRunsOn() async throws {
        let (released, ran) = (NIOLockedValueBox(false), NIOLockedValueBox(false))
        #expect(await FirstAnswer.within(.milliseconds(50), Self.stubborn(released, ran: ran)) == false)
        #expect(ran.withLockedValue { $0 } == false)
        released.withLockedValue { $0 = true }
        while !ran.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheWaitingTaskEndsTheWaitWithoutABound() async throws {
        let (released, ran) = (NIOLockedValueBox(false), NIOLockedValueBox(false))
        let waiting = Task { await FirstAnswer.within(nil, Self.stubborn(released, ran: ran)) }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        #expect(await waiting.value == false)
        #expect(ran.withLockedValue { $0 } == false)
        // Cancelled before it starts: answered at once.
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await FirstAnswer.within(nil, Self.stubborn(released, ran: NIOLockedValueBox(false)))
        }
        #expect(await cancelled.value == false)
        released.withLockedValue { $0 = true }
        while !ran.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
    }
}
