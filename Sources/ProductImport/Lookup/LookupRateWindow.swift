import Foundation

/// The state of a sliding-window rate limit that several processes can share: at most ``limit`` requests in any
/// ``window`` seconds, each request counted from the moment it was allowed to start until `window` seconds after
/// it ended.
///
/// A limiter keeps this value where every client of the limit sees it (a file beside the store, under a lock),
/// and for each request: reads it, calls ``decide(at:id:)``, writes it back, sends the request when granted (else
/// sleeps the wait and asks again), and calls ``release(_:at:)`` once the answer arrived or the request failed.
///
/// Because a request counts until `window` seconds after the client saw it end, and a server counts a request no
/// later than the client sees its answer, no `limit + 1` requests the server answered fall within `window`
/// seconds of each other on the server's clock: the promise holds where the remote counts, whatever the latency.
/// A permit never released (its process died) counts as ending ``lease`` seconds after it was granted.
///
/// ```swift
/// var state = LookupRateWindow(perMinute: 15, lease: 20)
/// switch state.decide(at: Date().timeIntervalSince1970) {
/// case .granted(let permit): send(permit)         // then state.release(permit, at: …)
/// case .wait(let seconds): sleep(seconds)           // then read the state again and decide again
/// }
/// ```
public struct LookupRateWindow: Hashable, Sendable, Codable {
    /// One counted request.
    public struct Entry: Hashable, Sendable, Codable {
        /// The request's permit: its id and when it was allowed to start.
        public var permit: LookupPermit
        /// When the request ended, once its client said so.
        public var endedAt: Double?

        /// Creates an entry.
        public init(permit: LookupPermit, endedAt: Double? = nil) {
            self.permit = permit
            self.endedAt = endedAt
        }
    }

    /// What ``decide(at:id:)`` allows.
    public enum Decision: Hashable, Sendable {
        /// The request may start now; it is counted.
        case granted(LookupPermit)
        /// Every slot is taken: ask again after this many seconds (a lower bound while requests are in flight).
        case wait(Double)
    }

    /// Requests allowed in any window (at least 1).
    public private(set) var limit: Int
    /// The window in seconds.
    public private(set) var window: Double
    /// Seconds after which a permit that was never released counts as ended.
    public private(set) var lease: Double
    /// The requests that still count, oldest first.
    public private(set) var entries: [Entry]

    /// Creates an empty window of `limit` requests per `window` seconds.
    ///
    /// - Parameters:
    ///   - limit: Requests allowed in any window; raised to 1.
    ///   - window: The window in seconds; raised to 0.001.
    ///   - lease: How long an unreleased permit counts as in flight; at least the request timeout.
    public init(limit: Int, window: Double, lease: Double) {
        self.limit = max(1, limit)
        self.window = window.isFinite ? max(0.001, window) : 60
        self.lease = lease.isFinite ? max(0, lease) : 60
        entries = []
    }

    /// Creates the window of a per-minute rate: `limit` is the whole part of `perMinute` (at least 1) and the
    /// window `60 × limit / perMinute` seconds, so 15 a minute is 15 in any 60 s and 7.5 a minute 7 in any 56 s.
    public init(perMinute: Double, lease: Double) {
        let rate = perMinute.isFinite ? max(0.001, perMinute) : 15
        let limit = max(1, Int(rate.rounded(.down)))
        self.init(limit: limit, window: 60 * Double(limit) / rate, lease: lease)
    }

    /// Applies a limiter's own limit, window and lease to a state another process wrote, keeping its entries.
    public mutating func adopt(limit: Int, window: Double, lease: Double) {
        let settings = LookupRateWindow(limit: limit, window: window, lease: lease)
        (self.limit, self.window, self.lease) = (settings.limit, settings.window, settings.lease)
    }

    /// Counts a request at `now` when fewer than ``limit`` requests count, else says how long to wait.
    ///
    /// Entries that no longer count are dropped first, and so are entries granted more than a second after `now`
    /// (the wall clock went back: they can no longer be placed).
    public mutating func decide(at now: Double, id: UUID = UUID()) -> Decision {
        let (lease, window) = (lease, window)
        entries.removeAll { entry in
            entry.permit.grantedAt > now + 1 || Self.freedAt(entry, now: now, lease: lease, window: window) <= now
        }
        guard entries.count >= limit else {
            let permit = LookupPermit(id: id, grantedAt: now)
            entries.append(Entry(permit: permit))
            return .granted(permit)
        }
        let frees = entries.map { Self.freedAt($0, now: now, lease: lease, window: window) }.sorted()
        return .wait(max(0.001, frees[entries.count - limit] - now))
    }

    /// Records that the request of `permit` ended at `now`; a permit no longer counted is ignored.
    public mutating func release(_ permit: LookupPermit, at now: Double) {
        guard let index = entries.firstIndex(where: { $0.permit.id == permit.id }), entries[index].endedAt == nil else { return }
        entries[index].endedAt = max(now, permit.grantedAt)
    }

    /// When an entry stops counting: `window` after its end; for a request still in flight, no earlier than
    /// `window` after `now`.
    private static func freedAt(_ entry: Entry, now: Double, lease: Double, window: Double) -> Double {
        let end = entry.endedAt ?? min(entry.permit.grantedAt + lease, max(now, entry.permit.grantedAt))
        return end + window
    }
}
