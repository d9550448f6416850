import Foundation

// MARK: - SVG

extension LineChart {
    /// The chart as a standalone SVG document: UTF-8 text, one element a line, ending with a line feed.
    ///
    /// Points an axis cannot place (not finite, not above zero on a logarithmic axis, not a category's index) are
    /// left out; a chart with no point to place says "no data" in its plot.
    public func svg() -> String {
        let frame = ChartFrame.standard
        let xLayout = x.layout(for: series.flatMap { $0.points.map(\.x) })
        let yLayout = y.layout(for: series.flatMap { $0.points.map(\.y) })
        let place = { (point: ChartPoint) -> (x: Double, y: Double)? in
            guard let across = xLayout.position(of: point.x), let up = yLayout.position(of: point.y) else { return nil }
            return (frame.left + across * frame.plotWidth, frame.bottom - up * frame.plotHeight)
        }
        var document = SVGDocument()
        document.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", "\(frame.width)"), ("height", "\(frame.height)"),
            ("viewBox", "0 0 \(frame.width) \(frame.height)"), ("role", "img"), ("aria-labelledby", "title desc"),
            ("font-family", "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif"),
            ("font-size", "12"),
        ])
        document.element("title", [("id", "title")], text: title)
        document.element("desc", [("id", "desc")], text: description(xLayout: xLayout))
        // The chart's own background: a light card on GitHub's light and dark pages alike.
        document.element("rect", [
            ("class", "background"), ("x", "0.5"), ("y", "0.5"), ("width", "\(frame.width - 1)"),
            ("height", "\(frame.height - 1)"), ("rx", "6"), ("fill", ChartFrame.background), ("stroke", ChartFrame.grid),
        ])
        document.element("text", [
            ("class", "chart-title"), ("x", "24"), ("y", "34"), ("font-size", "17"), ("font-weight", "600"),
            ("fill", ChartFrame.ink),
        ], text: title)
        drawGrid(&document, frame, xLayout, yLayout)
        drawAxes(&document, frame, xLayout, yLayout)
        var plotted = 0
        for (index, entry) in series.enumerated() {
            let shift = dodge(index, xLayout)
            let points = entry.points.compactMap { point in place(point).map { (point, (x: $0.x + shift, y: $0.y)) } }
            plotted += points.count
            drawSeries(&document, entry, points, labelsLeft: shift < 0)
        }
        if plotted == 0 {
            document.element("text", [
                ("class", "no-data"), ("x", SVGDocument.number(frame.left + frame.plotWidth / 2)),
                ("y", SVGDocument.number(frame.top + frame.plotHeight / 2)), ("text-anchor", "middle"),
                ("fill", ChartFrame.muted),
            ], text: "no data")
        }
        drawLegend(&document, frame)
        document.close("svg")
        return document.text
    }

    /// How far the points of series `index` move sideways: on a category axis the point-only series stand side by
    /// side in each slot, 24 apart, so their markers and values do not overlap; elsewhere 0.
    private func dodge(_ index: Int, _ xLayout: AxisLayout) -> Double {
        guard case .categories = xLayout.placement, series[index].line == .none else { return 0 }
        let standing = series.indices.filter { series[$0].line == .none }
        guard let rank = standing.firstIndex(of: index) else { return 0 }
        return (Double(rank) - Double(standing.count - 1) / 2) * 24
    }

    /// The summary, then every series' values: "kit: 12.1 ms at 1k, 30.3 ms at 100k."
    private func description(xLayout: AxisLayout) -> String {
        let lines = series.map { entry in
            let format = entry.valueFormat ?? y.format
            let values = entry.points.map { "\(format($0.y)) at \(xLayout.label(of: $0.x, format: x.format))" }
            return "\(entry.name): \(values.isEmpty ? "no values" : values.joined(separator: ", "))."
        }
        return ([summary] + lines).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A light line at every tick inside the plot (none across a category axis).
    private func drawGrid(_ document: inout SVGDocument, _ frame: ChartFrame, _ xLayout: AxisLayout, _ yLayout: AxisLayout) {
        document.open("g", [("class", "grid"), ("stroke", ChartFrame.grid), ("stroke-width", "1")])
        for tick in yLayout.ticks {
            guard let up = yLayout.position(of: tick.value) else { continue }
            let level = SVGDocument.number(frame.bottom - up * frame.plotHeight)
            document.element("line", [
                ("x1", SVGDocument.number(frame.left)), ("y1", level), ("x2", SVGDocument.number(frame.right)), ("y2", level),
            ])
        }
        if case .categories = xLayout.placement {} else {
            for tick in xLayout.ticks {
                guard let across = xLayout.position(of: tick.value) else { continue }
                let place = SVGDocument.number(frame.left + across * frame.plotWidth)
                document.element("line", [
                    ("x1", place), ("y1", SVGDocument.number(frame.top)), ("x2", place), ("y2", SVGDocument.number(frame.bottom)),
                ])
            }
        }
        document.close("g")
    }

    /// The two axis lines, their tick labels and their titles.
    private func drawAxes(_ document: inout SVGDocument, _ frame: ChartFrame, _ xLayout: AxisLayout, _ yLayout: AxisLayout) {
        let (left, right, bottom) = (SVGDocument.number(frame.left), SVGDocument.number(frame.right), SVGDocument.number(frame.bottom))
        document.open("g", [("class", "x-axis"), ("fill", ChartFrame.ink)])
        document.element("line", [("x1", left), ("y1", bottom), ("x2", right), ("y2", bottom), ("stroke", ChartFrame.axis)])
        for tick in xLayout.ticks {
            guard let across = xLayout.position(of: tick.value) else { continue }
            document.element("text", [
                ("class", "tick"), ("x", SVGDocument.number(frame.left + across * frame.plotWidth)),
                ("y", SVGDocument.number(frame.bottom + 20)), ("text-anchor", "middle"),
            ], text: tick.label)
        }
        document.element("text", [
            ("class", "axis-label"), ("x", SVGDocument.number(frame.left + frame.plotWidth / 2)),
            ("y", SVGDocument.number(frame.bottom + 46)), ("text-anchor", "middle"), ("fill", ChartFrame.muted),
        ], text: x.label)
        document.close("g")
        document.open("g", [("class", "y-axis"), ("fill", ChartFrame.ink)])
        document.element("line", [("x1", left), ("y1", SVGDocument.number(frame.top)), ("x2", left), ("y2", bottom), ("stroke", ChartFrame.axis)])
        for tick in yLayout.ticks {
            guard let up = yLayout.position(of: tick.value) else { continue }
            document.element("text", [
                ("class", "tick"), ("x", SVGDocument.number(frame.left - 8)),
                ("y", SVGDocument.number(frame.bottom - up * frame.plotHeight + 4)), ("text-anchor", "end"),
            ], text: tick.label)
        }
        let middle = SVGDocument.number(frame.top + frame.plotHeight / 2)
        document.element("text", [
            ("class", "axis-label"), ("transform", "translate(22 \(middle)) rotate(-90)"), ("text-anchor", "middle"),
            ("fill", ChartFrame.muted),
        ], text: y.label)
        document.close("g")
    }

    /// One series: its line, a marker at each point and, when asked, each point's value (left of the marker when
    /// `labelsLeft`, else right of it).
    private func drawSeries(
        _ document: inout SVGDocument, _ entry: ChartSeries, _ points: [(value: ChartPoint, at: (x: Double, y: Double))],
        labelsLeft: Bool
    ) {
        document.open("g", [("class", "series"), ("fill", entry.color.hex), ("stroke", entry.color.hex)])
        if entry.line != .none, points.count >= 2 {
            let path = points.map { "\(SVGDocument.number($0.at.x)),\(SVGDocument.number($0.at.y))" }.joined(separator: " ")
            var attributes = [("points", path), ("fill", "none"), ("stroke-width", "2")]
            if entry.line == .dashed { attributes.append(("stroke-dasharray", "6 4")) }
            document.element("polyline", attributes)
        }
        for point in points {
            drawMarker(&document, entry.marker, at: point.at)
        }
        if let format = entry.valueFormat {
            for point in points {
                document.element("text", [
                    ("class", "value"), ("x", SVGDocument.number(point.at.x + (labelsLeft ? -9 : 9))),
                    ("y", SVGDocument.number(point.at.y + 4)), ("text-anchor", labelsLeft ? "end" : "start"),
                    ("stroke", "none"), ("fill", ChartFrame.ink), ("font-size", "11"),
                ], text: format(point.value.y))
            }
        }
        document.close("g")
    }

    /// A marker centred on `at`, outlined in the background colour so overlapping markers stay apart.
    private func drawMarker(_ document: inout SVGDocument, _ marker: ChartSeries.Marker, at: (x: Double, y: Double)) {
        let outline = [("stroke", ChartFrame.background), ("stroke-width", "1")]
        switch marker {
        case .circle:
            document.element("circle", [("cx", SVGDocument.number(at.x)), ("cy", SVGDocument.number(at.y)), ("r", "4.5")] + outline)
        case .square:
            document.element("rect", [
                ("x", SVGDocument.number(at.x - 4)), ("y", SVGDocument.number(at.y - 4)), ("width", "8"), ("height", "8"),
            ] + outline)
        case .diamond:
            let corners = [(0.0, -5.5), (5.5, 0), (0, 5.5), (-5.5, 0)]
                .map { "\(SVGDocument.number(at.x + $0.0)),\(SVGDocument.number(at.y + $0.1))" }.joined(separator: " ")
            document.element("polygon", [("points", corners)] + outline)
        }
    }

    /// One row per series, right of the plot: a sample of its line and marker, then its name.
    private func drawLegend(_ document: inout SVGDocument, _ frame: ChartFrame) {
        document.open("g", [("class", "legend")])
        for (index, entry) in series.enumerated() {
            let row = frame.top + 8 + Double(index) * 22
            let start = frame.right + 24
            document.open("g", [("fill", entry.color.hex), ("stroke", entry.color.hex)])
            if entry.line != .none {
                var attributes = [
                    ("x1", SVGDocument.number(start)), ("y1", SVGDocument.number(row)), ("x2", SVGDocument.number(start + 28)),
                    ("y2", SVGDocument.number(row)), ("stroke-width", "2"),
                ]
                if entry.line == .dashed { attributes.append(("stroke-dasharray", "6 4")) }
                document.element("line", attributes)
            }
            drawMarker(&document, entry.marker, at: (start + 14, row))
            document.element("text", [
                ("x", SVGDocument.number(start + 38)), ("y", SVGDocument.number(row + 4)), ("stroke", "none"),
                ("fill", ChartFrame.ink),
            ], text: entry.name)
            document.close("g")
        }
        document.close("g")
    }
}

/// The chart's fixed geometry and colours.
struct ChartFrame: Sendable {
    /// The document's width, in pixels; the legend takes what the plot leaves on the right.
    let width = 760
    /// The document's height, in pixels.
    let height = 420
    /// The plot area's edges, in pixels from the document's top left corner.
    let left = 92.0, top = 60.0, right = 520.0, bottom = 344.0

    /// The plot area's width.
    var plotWidth: Double { right - left }
    /// The plot area's height.
    var plotHeight: Double { bottom - top }

    /// The one layout every chart has.
    static let standard = ChartFrame()

    /// The chart's own background, painted under everything (white, on light and dark pages alike).
    static let background = "#ffffff"
    /// Titles, ticks, values and legend text.
    static let ink = "#1f2328"
    /// Axis titles and "no data".
    static let muted = "#57606a"
    /// The axis lines.
    static let axis = "#8c959f"
    /// The grid lines and the background's border.
    static let grid = "#d8dee4"
}
