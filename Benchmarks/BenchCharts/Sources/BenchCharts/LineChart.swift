import Foundation

/// A line and point chart, written as a standalone SVG document by ``svg()``.
///
/// The document is deterministic (the same chart gives the same bytes: no clock, no locale, no random ids),
/// accessible (a `<title>` and a `<desc>` that lists every plotted value, and every label is `<text>`), and readable
/// on a light or a dark page (it paints its own white background).
///
/// ```swift
/// let chart = LineChart(
///     title: "Open time against history size",
///     summary: "The kit's open of a household and the floor, at three journal sizes.",
///     x: ChartAxis(label: "journal entries", scale: .logarithmic, format: .abbreviated),
///     y: ChartAxis(label: "time", scale: .logarithmic, format: .seconds),
///     series: [ChartSeries(name: "kit", points: points, color: .blue)])
/// let url = try chart.write(named: "open.svg", in: URL(fileURLWithPath: "docs/images"))
/// ```
public struct LineChart: Sendable {
    /// The heading drawn above the plot, and the document's `<title>`.
    public var title: String
    /// What the chart shows, for the document's `<desc>`; the plotted values are listed after it.
    public var summary: String
    /// The horizontal axis.
    public var x: ChartAxis
    /// The vertical axis.
    public var y: ChartAxis
    /// The lines, drawn in order and listed in the legend in order.
    public var series: [ChartSeries]

    /// A chart of `series` on the axes `x` and `y`.
    public init(title: String, summary: String, x: ChartAxis, y: ChartAxis, series: [ChartSeries]) {
        self.title = title
        self.summary = summary
        self.x = x
        self.y = y
        self.series = series
    }

    /// Writes ``svg()`` as UTF-8 to the file `name` in `folder`, creating the folder when it is missing, and
    /// returns the file's URL.
    ///
    /// - Throws: The file system's error when the folder cannot be created or the file cannot be written.
    public func write(named name: String, in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(svg().utf8).write(to: file, options: .atomic)
        return file
    }
}
