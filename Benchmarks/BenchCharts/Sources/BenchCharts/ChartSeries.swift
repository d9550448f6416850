/// One line (or set of points) of a ``LineChart``, with its legend entry.
///
/// ```swift
/// ChartSeries(name: "open, kit", points: [ChartPoint(x: 1_000, y: 0.012)], color: .blue, line: .solid, marker: .circle)
/// ```
public struct ChartSeries: Sendable {
    /// How the points are joined.
    public enum Line: Sendable {
        /// A solid line, point to point in the order given.
        case solid
        /// A dashed line, point to point in the order given.
        case dashed
        /// Points only (for a category axis, where a line between categories means nothing).
        case none
    }

    /// The shape drawn at each point.
    public enum Marker: Sendable {
        /// A filled circle, square or diamond, about 9 pixels across.
        case circle, square, diamond
    }

    /// The legend text.
    public var name: String
    /// The points, in drawing order.
    public var points: [ChartPoint]
    /// The line's and the markers' colour.
    public var color: ChartColor
    /// How the points are joined.
    public var line: Line
    /// The shape at each point.
    public var marker: Marker
    /// When set, each point is labelled with its y value written this way.
    public var valueFormat: ChartValueFormat?

    /// A series named `name`.
    public init(
        name: String, points: [ChartPoint], color: ChartColor, line: Line = .solid, marker: Marker = .circle,
        valueFormat: ChartValueFormat? = nil
    ) {
        self.name = name
        self.points = points
        self.color = color
        self.line = line
        self.marker = marker
        self.valueFormat = valueFormat
    }
}

/// One point of a series, in the axes' units (a category's index on a category axis).
public struct ChartPoint: Sendable, Equatable {
    /// Along the x axis.
    public var x: Double
    /// Along the y axis.
    public var y: Double

    /// The point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The colours a series may have: the Okabe–Ito palette, which readers with any colour vision tell apart (pair a
/// colour with a line style and a marker when two series must differ for every reader).
public enum ChartColor: Sendable, CaseIterable {
    /// Blue, vermillion, bluish green, reddish purple, orange, sky blue, and a neutral gray.
    case blue, vermillion, green, purple, orange, sky, gray

    /// The colour as SVG writes it.
    var hex: String {
        switch self {
        case .blue: "#0072b2"
        case .vermillion: "#d55e00"
        case .green: "#009e73"
        case .purple: "#cc79a7"
        case .orange: "#e69f00"
        case .sky: "#56b4e9"
        case .gray: "#6e7781"
        }
    }
}
