import BenchCharts

// MARK: - Charts

extension ServerBenchRun {
    /// Push latency against devices: the p50 and p99 of the server's push (solid) and of the raw baseline's
    /// transaction (dashed) at every device count of `server.load`; nil when the run has no such figures.
    var loadLatencyChart: LineChart? {
        guard let sweep = scenarios.first(where: { $0.name == "server.load" })?.byDevices, !sweep.isEmpty else { return nil }
        func points(_ figure: KeyPath<DeviceFigures, Double>) -> [ChartPoint] {
            sweep.map { ChartPoint(x: Double($0.devices), y: $0[keyPath: figure]) }
        }
        return LineChart(
            title: "Sync server: push latency against devices",
            summary: "server.load: devices of one household pushing at once. Kit: the HTTP push until its answer "
                + "is read (solid); floor: the raw PostgreSQL transaction doing the log's part of it (dashed); "
                + "p50 and p99 over every push of the repetitions.",
            x: ChartAxis(label: "devices pushing at once", scale: .linear(includesZero: true)),
            y: ChartAxis(label: "push latency", scale: .linear(includesZero: true), format: .milliseconds),
            series: [
                ChartSeries(name: "kit p50", points: points(\.pushP50Milliseconds), color: .blue, marker: .circle),
                ChartSeries(name: "kit p99", points: points(\.pushP99Milliseconds), color: .vermillion, marker: .diamond),
                ChartSeries(
                    name: "floor p50", points: points(\.rawP50Milliseconds), color: .blue, line: .dashed, marker: .square),
                ChartSeries(
                    name: "floor p99", points: points(\.rawP99Milliseconds), color: .vermillion, line: .dashed,
                    marker: .square),
            ])
    }
}
