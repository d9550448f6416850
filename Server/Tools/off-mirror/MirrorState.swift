import Foundation

/// The mirror's request log and one-shot faults, shared by every request handler.
actor MirrorState {
    private let faults: [String: MirrorFault.Kind]
    private var firedOnce: Set<String> = []
    private var times: [Double] = []
    private var perCode: [String: Int] = [:]
    private let started = ContinuousClock.now
    /// The wall-clock time of `started`, so a client on the same machine can place the log's times on its own clock.
    private let startedAt = Date().timeIntervalSince1970

    init(faults: [String: MirrorFault.Kind]) {
        self.faults = faults
    }

    /// Counts a product request and says which fault, if any, answers it.
    func record(_ code: String) -> MirrorFault.Kind? {
        let elapsed = ContinuousClock.now - started
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        perCode[code, default: 0] += 1
        guard let kind = faults[code] else { return nil }
        switch kind {
        case .rateLimitedOnce, .unavailableOnce:
            return firedOnce.insert(code).inserted ? kind : nil
        default:
            return kind
        }
    }

    /// The request log as JSON: the total, the count per code, each request's time in seconds since start, and the
    /// start as seconds since 1970.
    func report() -> Data {
        let object: [String: Any] = ["total": times.count, "byCode": perCode, "times": times, "startedAt": startedAt]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// Forgets the request log and the one-shot faults that fired.
    func reset() {
        times = []
        perCode = [:]
        firedOnce = []
    }
}
