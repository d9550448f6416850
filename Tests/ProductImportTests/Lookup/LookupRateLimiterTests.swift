import Foundation
import ProductImport
import Testing

@Suite("LookupRateLimiter")
struct LookupRateLimiterTests {
    @Test("concurrent callers get slots spaced by 60 / rate after the burst, so none overtakes the rate")
    func concurrentCallersAreSpaced() async throws {
        let timer = VirtualLookupTimer()
        let limiter = LookupRateLimiter(perMinute: 15, capacity: 2, timer: timer.timer)
        let waits = await withTaskGroup(of: Double.self) { group in
            for _ in 0..<40 { group.addTask { await limiter.reserve() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(waits.sorted() == [0, 0] + (1...38).map { Double($0) * 4 })
    }

    @Test("tokens refill with time up to the burst and no further")
    func refillStopsAtCapacity() async throws {
        let timer = VirtualLookupTimer()
        let limiter = LookupRateLimiter(perMinute: 60, capacity: 3, timer: timer.timer)
        for _ in 0..<3 { #expect(await limiter.reserve() == 0) }
        #expect(await limiter.reserve() == 1)
        timer.advance(by: 100)
        for _ in 0..<3 { #expect(await limiter.reserve() == 0) }
        #expect(await limiter.reserve() > 0)
    }

    @Test("acquire sleeps the reserved wait through the injected timer")
    func acquireSleepsThroughTheTimer() async throws {
        let timer = VirtualLookupTimer()
        let limiter = LookupRateLimiter(perMinute: 30, capacity: 1, timer: timer.timer)
        try await limiter.acquire()
        try await limiter.acquire()
        #expect(timer.sleeps == [2])
    }
}
