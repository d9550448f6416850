import BenchCharts

// MARK: - Charts

extension KitBenchRun {
    /// Cost against history size: every scenario measured at each journal size, its kit path (solid) and its
    /// floor (dashed) in one colour, on logarithmic axes; nil when no scenario of the run has sizes.
    var historySizeChart: LineChart? {
        let families = scenarios.filter { !($0.bySize ?? []).isEmpty }
        guard !families.isEmpty else { return nil }
        let series = families.enumerated().flatMap { index, scenario in
            let color = ChartColor.allCases[index % ChartColor.allCases.count]
            let sizes = scenario.bySize ?? []
            return [
                ChartSeries(
                    name: "\(scenario.name), kit", points: sizes.map { ChartPoint(x: Double($0.entries), y: $0.kitSeconds) },
                    color: color, line: .solid, marker: .circle),
                ChartSeries(
                    name: "\(scenario.name), floor", points: sizes.map { ChartPoint(x: Double($0.entries), y: $0.floorSeconds) },
                    color: color, line: .dashed, marker: .square),
            ]
        }
        return LineChart(
            title: "Inventory paths: cost against history size",
            summary: "Median time of each inventory path of the kit (solid line) and of its floor (dashed line, the "
                + "same colour) on households of growing journal length, logarithmic axes.",
            x: ChartAxis(label: "journal entries (log scale)", scale: .logarithmic, format: .abbreviated),
            y: ChartAxis(label: "median time (log scale)", scale: .logarithmic, format: .seconds),
            series: series)
    }

    /// Import rate: records per second of the kit and of the floor in every scenario that counts records; nil when
    /// none does.
    var importRateChart: LineChart? {
        let imports = scenarios.compactMap { scenario in scenario.records.map { (scenario, Double($0)) } }
        guard !imports.isEmpty else { return nil }
        func rate(_ side: KeyPath<Scenario, Double>) -> [ChartPoint] {
            imports.enumerated().map { index, entry in
                ChartPoint(x: Double(index), y: entry.0[keyPath: side] > 0 ? entry.1 / entry.0[keyPath: side] : .nan)
            }
        }
        return LineChart(
            title: "Import rate: records per second",
            summary: "Records imported per second by the kit's import and by its floor, in each import scenario "
                + "(logarithmic axis).",
            x: ChartAxis(label: "scenario", scale: .categories(imports.map(\.0.name))),
            y: ChartAxis(label: "records per second (log scale)", scale: .logarithmic, format: .abbreviated),
            series: [
                ChartSeries(name: "kit", points: rate(\.oursSeconds), color: .blue, line: .none, marker: .circle, valueFormat: .grouped),
                ChartSeries(
                    name: "floor", points: rate(\.baselineSeconds), color: .vermillion, line: .none, marker: .square,
                    valueFormat: .grouped),
            ])
    }
}
