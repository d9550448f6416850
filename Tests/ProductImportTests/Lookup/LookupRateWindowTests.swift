import Foundation
import InventoryKitTesting
import ProductImport
import Testing

@Suite("LookupRateWindow")
struct LookupRateWindowTests {
    static func granted(_ decision: LookupRateWindow.Decision) -> LookupPermit? {
        if case .granted(let permit) = decision { return permit }
        return nil
    }

    @Test("the first `limit` requests start at once; the next waits until `window` after the first one ended")
    func limitThenWindowAfterTheEnd() throws {
        var state = LookupRateWindow(limit: 3, window: 10, lease: 5)
        let permits = try (0..<3).map { _ in try #require(Self.granted(state.decide(at: 100))) }
        for permit in permits { state.release(permit, at: 101) }
        #expect(state.decide(at: 102) == .wait(9))
        #expect(Self.granted(state.decide(at: 111)) != nil)
        #expect(state.entries.count == 1)
    }

    @Test("a request still in flight keeps its slot: the wait is a lower bound, asked again later")
    func inFlightRequestKeepsItsSlot() throws {
        var state = LookupRateWindow(limit: 1, window: 10, lease: 30)
        let first = try #require(Self.granted(state.decide(at: 0)))
        #expect(state.decide(at: 4) == .wait(10))
        #expect(state.decide(at: 14) == .wait(10))
        state.release(first, at: 15)
        #expect(state.decide(at: 20) == .wait(5))
        #expect(Self.granted(state.decide(at: 25)) != nil)
    }

    @Test("a permit never released counts as ended when its lease runs out")
    func unreleasedPermitEndsWithItsLease() throws {
        var state = LookupRateWindow(limit: 1, window: 10, lease: 5)
        _ = try #require(Self.granted(state.decide(at: 0)))
        #expect(state.decide(at: 6) == .wait(9))
        #expect(Self.granted(state.decide(at: 15)) != nil)
    }

    @Test("releasing twice, or a permit the window forgot, changes nothing")
    func releaseIsIdempotent() throws {
        var state = LookupRateWindow(limit: 2, window: 10, lease: 5)
        let permit = try #require(Self.granted(state.decide(at: 0)))
        state.release(permit, at: 1)
        state.release(permit, at: 9)
        state.release(LookupPermit(grantedAt: 0), at: 2)
        #expect(state.entries.map(\.endedAt) == [1])
    }

    @Test("entries granted in the future (the wall clock went back) are dropped instead of blocking")
    func clockGoingBackDropsEntries() throws {
        var state = LookupRateWindow(limit: 1, window: 60, lease: 5)
        _ = try #require(Self.granted(state.decide(at: 1_000)))
        #expect(Self.granted(state.decide(at: 500)) != nil)
    }

    @Test(
        "a per-minute rate is a whole limit over a window of the same rate",
        arguments: [(15.0, 15, 60.0), (7.5, 7, 56.0), (0.5, 1, 120.0), (600, 600, 60)])
    func perMinute(rate: Double, limit: Int, window: Double) {
        let state = LookupRateWindow(perMinute: rate, lease: 10)
        #expect(state.limit == limit)
        #expect(abs(state.window - window) < 1e-9)
    }

    @Test("the state survives a JSON round trip, as a limiter stores it in a file")
    func codableRoundTrip() throws {
        var state = LookupRateWindow(limit: 2, window: 3, lease: 4)
        let permit = try #require(Self.granted(state.decide(at: 10)))
        state.release(permit, at: 11)
        _ = state.decide(at: 12)
        let decoded = try JSONDecoder().decode(LookupRateWindow.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
    }

    @Test(
        "simulated clients with random latencies: never more than `limit` requests in any window at the server",
        arguments: [UInt64(1), 2, 3, 4, 5])
    func serverNeverSeesMoreThanTheLimit(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        let (limit, window) = (4, 10.0)
        var state = LookupRateWindow(limit: limit, window: window, lease: 3)
        // Each client asks at its time; granted requests reach the server within their latency, end later.
        var asks = (0..<60).map { _ in Double(random.next() % 1_000) / 20 }.sorted()
        var open: [(permit: LookupPermit, end: Double)] = []
        var arrivals: [Double] = []
        var now = 0.0
        while !asks.isEmpty || !open.isEmpty {
            let nextEnd = open.map(\.end).min() ?? .infinity
            let nextAsk = asks.first ?? .infinity
            now = min(nextEnd, nextAsk)
            if nextEnd <= nextAsk, let index = open.firstIndex(where: { $0.end == nextEnd }) {
                state.release(open.remove(at: index).permit, at: now)
                continue
            }
            asks.removeFirst()
            switch state.decide(at: now) {
            case .granted(let permit):
                let latency = Double(random.next() % 2_000) / 1_000
                arrivals.append(now + latency * Double(random.next() % 100) / 100)
                open.append((permit, now + latency))
            case .wait(let seconds):
                asks.append(now + seconds)
                asks.sort()
            }
        }
        arrivals.sort()
        #expect(arrivals.count == 60)
        for (index, arrival) in arrivals.enumerated() where index + limit < arrivals.count {
            #expect(arrivals[index + limit] - arrival >= window, "requests \(index)...\(index + limit) within \(window) s")
        }
    }
}
