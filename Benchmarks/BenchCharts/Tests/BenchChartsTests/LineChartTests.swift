import BenchCharts
import Foundation
import Testing

/// A chart like kitbench's history-size chart: two series on logarithmic axes.
private func historyChart(title: String = "Cost against history size", seriesName: String = "open, kit") -> LineChart {
    LineChart(
        title: title,
        summary: "The kit's open and the floor at three journal sizes.",
        x: ChartAxis(label: "journal entries", scale: .logarithmic, format: .abbreviated),
        y: ChartAxis(label: "time", scale: .logarithmic, format: .seconds),
        series: [
            ChartSeries(
                name: seriesName, points: [.init(x: 1_000, y: 0.0121), .init(x: 10_000, y: 0.014), .init(x: 100_000, y: 0.0303)],
                color: .blue),
            ChartSeries(
                name: "open, floor", points: [.init(x: 1_000, y: 0.0004), .init(x: 10_000, y: 0.003), .init(x: 100_000, y: 0.0167)],
                color: .blue, line: .dashed, marker: .square),
        ])
}

/// A chart with one series of `points` on the axes `x` and `y`.
private func chart(x: ChartAxis, y: ChartAxis, points: [ChartPoint]) -> LineChart {
    LineChart(
        title: "t", summary: "s", x: x, y: y, series: [ChartSeries(name: "series", points: points, color: .green)])
}

/// The same chart renders to the same bytes every time.
@Test func sameChartGivesByteIdenticalSVG() {
    let first = historyChart().svg()
    #expect(first == historyChart().svg())
    #expect(first == historyChart().svg())
}

/// The SVG parses with XMLParser; its title and description come first, the description listing the values.
@Test func svgIsWellFormedXMLWithTitleAndDescriptionFirst() throws {
    let tree = SVGTree(historyChart().svg())
    let root = try #require(tree.root, "parse error: \(String(describing: tree.error))")
    #expect(root.name == "svg")
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(root.attributes["role"] == "img")
    #expect(root.children.prefix(2).map(\.name) == ["title", "desc"])
    #expect(root.children.first?.text == "Cost against history size")
    let description = try #require(root.children.dropFirst().first?.text)
    #expect(description.contains("open, kit: 12.1 ms at 1k, 14 ms at 10k, 30.3 ms at 100k."))
}

/// The chart paints a white background and writes every label as text, never as a path.
@Test func chartPaintsItsOwnBackgroundAndWritesLabelsAsText() throws {
    let svg = historyChart().svg()
    let root = try #require(SVGTree(svg).root)
    let background = try #require(root.children.first { $0.name == "rect" })
    #expect(background.attributes["class"] == "background")
    #expect(background.attributes["fill"] == "#ffffff")
    #expect(!svg.contains("<path"))
    let texts = root.all.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains("open, floor"))
    #expect(texts.contains("journal entries"))
}

/// A logarithmic axis runs from decade to decade, with a labelled tick at each.
@Test(arguments: [
    (1_000.0, 100_000.0, ["1k", "10k", "100k"]),
    (1_000.0, 3_000.0, ["1k", "10k"]),
    (20_000.0, 264_000.0, ["10k", "100k", "1M"]),
    (5.0, 5.0, ["1", "10"]),
])
func logarithmicAxisHasATickAtEveryDecade(low: Double, high: Double, labels: [String]) {
    let axis = ChartAxis(label: "n", scale: .logarithmic, format: .abbreviated)
    let tree = SVGTree(chart(x: axis, y: axis, points: [.init(x: low, y: low), .init(x: high, y: high)]).svg())
    #expect(tree.tickLabels("x-axis") == labels)
    #expect(tree.tickLabels("y-axis") == labels)
}

/// A logarithmic axis of seconds writes each decade in its unit.
@Test func logarithmicTimeAxisWritesUnits() {
    let axis = ChartAxis(label: "time", scale: .logarithmic, format: .seconds)
    let tree = SVGTree(chart(x: axis, y: axis, points: [.init(x: 4.7e-5, y: 4.7e-5), .init(x: 3.3, y: 3.3)]).svg())
    #expect(tree.tickLabels("y-axis") == ["10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s"])
}

/// A linear axis has ticks at 1, 2 or 5 times a power of ten covering the values.
@Test(arguments: [
    (0.0, 250.0, false, ["0", "50", "100", "150", "200", "250"]),
    (3.0, 97.0, false, ["0", "20", "40", "60", "80", "100"]),
    (36.9, 126.2, true, ["0", "50", "100", "150"]),
    (0.12, 0.31, false, ["0.1", "0.15", "0.2", "0.25", "0.3", "0.35"]),
    (-7.0, 7.0, false, ["-10", "-5", "0", "5", "10"]),
])
func linearAxisHasTicksAtRoundSteps(low: Double, high: Double, includesZero: Bool, labels: [String]) {
    let axis = ChartAxis(label: "v", scale: .linear(includesZero: includesZero))
    let tree = SVGTree(chart(x: axis, y: axis, points: [.init(x: low, y: low), .init(x: high, y: high)]).svg())
    #expect(tree.tickLabels("x-axis") == labels)
    #expect(tree.tickLabels("y-axis") == labels)
}

/// A category axis labels each slot with its name, and the description says which value is whose.
@Test func categoryAxisLabelsEachSlotWithItsName() {
    let x = ChartAxis(label: "import", scale: .categories(["first import", "re-import"]))
    let y = ChartAxis(label: "records/s", scale: .logarithmic, format: .abbreviated)
    let tree = SVGTree(chart(x: x, y: y, points: [.init(x: 0, y: 4_412), .init(x: 1, y: 138_000)]).svg())
    #expect(tree.tickLabels("x-axis") == ["first import", "re-import"])
    #expect(tree.root?.children[1].text.contains("series: 4.41k at first import, 138k at re-import.") == true)
}

/// Markup, entities, quotes and control characters in a label stay text: escaped, or replaced by U+FFFD.
@Test(arguments: [
    ("<script>alert(1)</script>", "<script>alert(1)</script>"),
    ("R&D \"fast\" 'path' > floor", "R&D \"fast\" 'path' > floor"),
    ("&amp; stays text", "&amp; stays text"),
    ("kit\u{202E}roolf\u{202C} and \u{2066}isolate\u{2069}", "kit\u{FFFD}roolf\u{FFFD} and \u{FFFD}isolate\u{FFFD}"),
    ("bell\u{07} and nul\u{00}", "bell\u{FFFD} and nul\u{FFFD}"),
    ("\u{200F}mark\u{200E}\u{061C}", "\u{FFFD}mark\u{FFFD}\u{FFFD}"),
])
func hostileLabelTextIsEscaped(label: String, shown: String) throws {
    let svg = historyChart(title: label, seriesName: label).svg()
    let root = try #require(SVGTree(svg).root, "the SVG does not parse")
    #expect(root.children.first?.text == shown)
    #expect(root.classed("chart-title").first?.text == shown)
    #expect(root.classed("legend").first?.all.filter { $0.name == "text" }.first?.text == shown)
    #expect(!svg.contains("<script"))
    for control in ["\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}", "\u{00}", "\u{07}"] {
        #expect(!svg.contains(control))
    }
}

/// Points that are not finite or not above zero on a logarithmic axis are left out, not drawn.
@Test func pointsAnAxisCannotPlaceAreLeftOut() throws {
    let axis = ChartAxis(label: "n", scale: .logarithmic)
    let points: [ChartPoint] = [
        .init(x: 10, y: 1), .init(x: 0, y: 5), .init(x: 100, y: -3), .init(x: .nan, y: 2), .init(x: 1_000, y: .infinity),
        .init(x: 1_000, y: 10),
    ]
    let root = try #require(SVGTree(chart(x: axis, y: axis, points: points).svg()).root)
    let series = try #require(root.classed("series").first)
    #expect(series.children.filter { $0.name == "circle" }.count == 2)
    #expect(series.children.first { $0.name == "polyline" }?.attributes["points"]?.split(separator: " ").count == 2)
}

/// A chart with nothing to place says so in its plot.
@Test func chartWithoutPlottablePointsSaysNoData() throws {
    let axis = ChartAxis(label: "n", scale: .logarithmic)
    let root = try #require(SVGTree(chart(x: axis, y: axis, points: [.init(x: -1, y: 0)]).svg()).root)
    #expect(root.classed("no-data").first?.text == "no data")
}

/// A series with a value format labels each point with its value.
@Test func valueLabelsUseTheSeriesFormat() throws {
    let x = ChartAxis(label: "import", scale: .categories(["first"]))
    let y = ChartAxis(label: "records/s", scale: .linear(includesZero: true))
    let series = ChartSeries(name: "kit", points: [.init(x: 0, y: 4_412.4)], color: .blue, line: .none, valueFormat: .grouped)
    let root = try #require(SVGTree(LineChart(title: "t", summary: "", x: x, y: y, series: [series]).svg()).root)
    #expect(root.classed("value").map(\.text) == ["4 412"])
}

/// The seconds format picks s, ms, µs or ns for the value.
@Test(arguments: [
    (0.0, "0 s"), (1e-5, "10 µs"), (0.00123, "1.23 ms"), (0.0303, "30.3 ms"), (3.32, "3.32 s"), (4.7e-8, "47 ns"),
])
func secondsFormatPicksTheUnit(seconds: Double, text: String) {
    #expect(ChartValueFormat.seconds(seconds) == text)
}

/// write(named:in:) creates the folder and writes the SVG bytes.
@Test func chartIsWrittenToItsFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("benchcharts-\(UUID().uuidString)/images")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let file = try historyChart().write(named: "history.svg", in: folder)
    #expect(try String(contentsOf: file, encoding: .utf8) == historyChart().svg())
}

/// Point-only series stand side by side in a category slot, values on their outer sides.
@Test func pointOnlySeriesStandSideBySideInACategorySlot() throws {
    let x = ChartAxis(label: "scenario", scale: .categories(["import"]))
    let y = ChartAxis(label: "records/s", scale: .logarithmic, format: .abbreviated)
    let kit = ChartSeries(name: "kit", points: [.init(x: 0, y: 80_784)], color: .blue, line: .none, valueFormat: .grouped)
    let floor = ChartSeries(
        name: "floor", points: [.init(x: 0, y: 90_950)], color: .vermillion, line: .none, marker: .square, valueFormat: .grouped)
    let root = try #require(SVGTree(LineChart(title: "t", summary: "", x: x, y: y, series: [kit, floor]).svg()).root)
    let groups = root.classed("series")
    let kitX = try #require(groups.first?.children.first { $0.name == "circle" }?.attributes["cx"].flatMap(Double.init))
    let floorX = try #require(groups.last?.children.first { $0.name == "rect" }.flatMap { $0.attributes["x"] }.flatMap(Double.init))
    #expect(floorX + 4 - kitX == 24)
    #expect(root.classed("value").map { $0.attributes["text-anchor"] } == ["end", "start"])
}
