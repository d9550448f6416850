/// The rolling-restart run's figures: pushes, retries, `5xx` answers, push latency overall and during restarts.
struct RollingReport {
    let tallies: [RollingDevice.Tally]
    /// When each instance was down or draining: from its SIGTERM until it was ready again (seconds since 1970).
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
        var lines = [
            "devices: \(tallies.count)",
            "restarts: \(windows.count), out of service "
                + "\(BenchReport.formatNumber(windows.map { $0.end - $0.start }.reduce(0, +))) s in all",
            "pushes acknowledged: \(pushes.count) (\(sum { $0.acknowledged.count }) operations; "
                + "\(sum { $0.duplicates }) found stored by a retry)",
            "pulls while pushing: \(sum { $0.pulls }) pages, then one full pull per device",
            "retries: \(sum { $0.retries }) (after \(sum { $0.transportErrors }) transport errors, "
                + "\(sum { $0.unavailable.server }) answers 503 from a server, "
                + "\(sum { $0.unavailable.balancer }) from HAProxy)",
            "other 5xx: \(otherErrors.count)"
                + (otherErrors.isEmpty ? "" : " (\(otherErrors.prefix(5).joined(separator: ", ")))"),
            "push latency, all \(pushes.count): p50 \(milliseconds(pushes, 0.5)) ms, "
                + "p99 \(milliseconds(pushes, 0.99)) ms, "
                + "max \(milliseconds(pushes, 1)) ms",
            "push latency, \(during.count) during restarts: p50 \(milliseconds(during, 0.5)) ms, "
                + "p99 \(milliseconds(during, 0.99)) ms, max \(milliseconds(during, 1)) ms",
        ]
        lines += violations.isEmpty
            ? ["every device pulled exactly the acknowledged operations of its household, each once"]
            : violations.map { "VIOLATION: \($0)" }
        return lines.joined(separator: "\n")
    }
}
