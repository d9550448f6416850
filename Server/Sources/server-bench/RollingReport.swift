/// The figures of a run of `server-bench rolling`: pushes, retries, `5xx` answers, push latency overall and
/// during the windows (instances restarting, or a database failing over), and the longest time without an
/// acknowledged push.
struct RollingReport {
    let tallies: [RollingDevice.Tally]
    /// The disturbances, in seconds since 1970: an instance's SIGTERM until it was ready again, or a database
    /// primary's kill until its standby, promoted, was reached through HAProxy.
    let windows: [(start: Double, end: Double)]
    let violations: [String]

    /// One figure a line, then the violations (or that there were none).
    var text: String {
        let pushes = tallies.flatMap(\.pushes)
        let during = pushes.filter { push in
            windows.contains { push.start < $0.end && push.start + push.seconds > $0.start }
        }
        func milliseconds(_ values: [(start: Double, seconds: Double)], _ fraction: Double) -> String {
            BenchReport.formatNumber(BenchReport.percentile(values.map(\.seconds), fraction) * 1_000)
        }
        let sum = { (value: (RollingDevice.Tally) -> Int) in tallies.map(value).reduce(0, +) }
        let otherErrors = tallies.flatMap(\.otherServerErrors)
        let reasons = tallies.map(\.unavailableReasons).reduce(into: [:]) { $0.merge($1, uniquingKeysWith: +) }
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let reasonsText: String = reasons.isEmpty
            ? "none" : reasons.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        var lines = [
            "devices: \(tallies.count)",
            "windows: \(windows.count), "
                + "\(BenchReport.formatNumber(windows.map { $0.end - $0.start }.reduce(0, +))) s in all",
            "pushes acknowledged: \(pushes.count) (\(sum { $0.acknowledged.count }) operations; "
                + "\(sum { $0.duplicates }) found stored by a retry)",
            "pulls while pushing: \(sum { $0.pulls }) pages, then one full pull per device",
            "retries: \(sum { $0.retries }) (after \(sum { $0.transportErrors }) transport errors, "
                + "\(sum { $0.unavailable.server }) answers 503 from a server, "
                + "\(sum { $0.unavailable.balancer }) from HAProxy)",
            "answers 503 from a server, by reason: \(reasonsText)",
            "other 5xx: \(otherErrors.count)"
                + (otherErrors.isEmpty ? "" : " (\(otherErrors.prefix(5).joined(separator: ", ")))"),
            "push latency, all \(pushes.count): p50 \(milliseconds(pushes, 0.5)) ms, "
                + "p99 \(milliseconds(pushes, 0.99)) ms, "
                + "max \(milliseconds(pushes, 1)) ms",
            "push latency, \(during.count) during the windows: p50 \(milliseconds(during, 0.5)) ms, "
                + "p99 \(milliseconds(during, 0.99)) ms, max \(milliseconds(during, 1)) ms",
        ]
        lines += quietest(pushes).map { [$0] } ?? []
        lines += violations.isEmpty
            ? ["every device pulled exactly the acknowledged operations of its household, each once"]
            : violations.map { "VIOLATION: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// The longest time without an acknowledged push that overlaps a window, said relative to that window's
    /// start, with the pushes acknowledged before the first window; nil without windows or pushes.
    private func quietest(_ pushes: [(start: Double, seconds: Double)]) -> String? {
        guard let first = windows.first else { return nil }
        let answers = pushes.map { $0.start + $0.seconds }.sorted()
        var longest: (from: Double, to: Double, window: Int)?
        for (from, to) in zip(answers, answers.dropFirst()) {
            guard let window = windows.firstIndex(where: { from < $0.end && to > $0.start }) else { continue }
            if to - from > (longest.map { $0.to - $0.from } ?? -1) { longest = (from, to, window) }
        }
        let before = answers.count(where: { $0 < first.start })
        guard let longest else { return "pushes acknowledged before the first window: \(before)" }
        let start = windows[longest.window].start
        let seconds = { (value: Double) in BenchReport.formatNumber(value) }
        return "pushes acknowledged before the first window: \(before); longest time without one: "
            + "\(seconds(longest.to - longest.from)) s, from \(seconds(longest.from - start)) s "
            + "to \(seconds(longest.to - start)) s after the start of window \(longest.window + 1)"
    }
}
