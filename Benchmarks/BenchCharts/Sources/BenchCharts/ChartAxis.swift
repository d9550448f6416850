import Foundation

/// One axis of a ``LineChart``: its label, its scale and how its ticks are written.
///
/// The axis takes its range from the data: a logarithmic axis runs from the decade at or below the smallest value
/// to the decade at or above the largest, with a tick at every decade; a linear axis has five or so ticks at round
/// steps (1, 2 or 5 times a power of ten); a category axis has one slot per category.
public struct ChartAxis: Sendable {
    /// How values are placed along the axis.
    public enum Scale: Sendable, Equatable {
        /// Equal distances for equal differences; `includesZero` stretches the range to 0.
        case linear(includesZero: Bool)
        /// Equal distances for equal ratios; values that are not above zero cannot be placed and are left out.
        case logarithmic
        /// One slot per name; a point's value is the index of its category (0, 1, …).
        case categories([String])
    }

    /// The axis title, under the x axis or along the y axis.
    public var label: String
    /// How values are placed.
    public var scale: Scale
    /// How tick labels are written (a category axis writes its names).
    public var format: ChartValueFormat

    /// An axis titled `label`.
    public init(label: String, scale: Scale, format: ChartValueFormat = .number) {
        self.label = label
        self.scale = scale
        self.format = format
    }

    /// The range and ticks of this axis for `values` (all the points' coordinates along it).
    func layout(for values: [Double]) -> AxisLayout {
        switch scale {
        case .categories(let names):
            let ticks = names.enumerated().map { (value: Double($0.offset), label: $0.element) }
            return AxisLayout(placement: .categories(max(names.count, 1)), ticks: ticks)
        case .logarithmic:
            let placeable = values.filter { $0.isFinite && $0 > 0 }
            let smallest = placeable.min() ?? 1
            let largest = placeable.max() ?? 10
            var low = Int(floor(log10(smallest)))
            var high = Int(ceil(log10(largest)))
            // log10 may be off by an ulp at a power of ten: the decades are checked against Double's own text
            // ("1e-5" parses to the nearest double, the same on every machine).
            if let decade = Self.decade(low + 1), decade <= smallest { low += 1 }
            if let decade = Self.decade(low), decade > smallest { low -= 1 }
            if let decade = Self.decade(high - 1), decade >= largest { high -= 1 }
            if let decade = Self.decade(high), decade < largest { high += 1 }
            if high <= low { high = low + 1 }
            let ticks = (low...high).compactMap { exponent in Self.decade(exponent).map { (value: $0, label: format($0)) } }
            return AxisLayout(placement: .logarithmic(low: Double(low), high: Double(high)), ticks: ticks)
        case .linear(let includesZero):
            let finite = values.filter(\.isFinite)
            var low = finite.min() ?? 0
            var high = finite.max() ?? 1
            if includesZero { low = min(low, 0); high = max(high, 0) }
            if high == low { (low, high) = low == 0 ? (0, 1) : (low - abs(low) / 2, high + abs(high) / 2) }
            let step = Self.roundStep(for: (high - low) / 5)
            let first = Int((low / step).rounded(.down))
            let last = Int((high / step).rounded(.up))
            let ticks = (first...max(last, first + 1)).map { index in
                let value = Double(index) * step
                return (value: value, label: format(value))
            }
            return AxisLayout(
                placement: .linear(low: Double(first) * step, high: Double(max(last, first + 1)) * step), ticks: ticks)
        }
    }

    /// 10 to the power `exponent`, read from its decimal text; nil outside what a Double holds.
    private static func decade(_ exponent: Int) -> Double? {
        Double("1e\(exponent)").flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// The smallest of 1, 2 and 5 times a power of ten that is at least `raw`.
    private static func roundStep(for raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let exponent = Int(floor(log10(raw)))
        let power = decade(exponent) ?? 1
        for multiple in [1.0, 2, 5] where multiple * power >= raw * (1 - 1e-9) {
            return multiple * power
        }
        return decade(exponent + 1) ?? 10 * power
    }
}

/// Where an axis puts values and which ticks it shows, for one chart's data.
struct AxisLayout: Sendable {
    /// How values map to a position.
    enum Placement: Sendable {
        /// From `low` (the axis's start) to `high` (its end).
        case linear(low: Double, high: Double)
        /// From 10^`low` to 10^`high`.
        case logarithmic(low: Double, high: Double)
        /// The number of slots.
        case categories(Int)
    }

    /// How values map to a position.
    let placement: Placement
    /// Each tick's value and label, in axis order.
    let ticks: [(value: Double, label: String)]

    /// How `value` reads on this axis: its category's name on a category axis, else `format`'s text.
    func label(of value: Double, format: ChartValueFormat) -> String {
        if case .categories = placement, let tick = ticks.first(where: { $0.value == value }) { return tick.label }
        return format(value)
    }

    /// The position of `value` along the axis, 0 at its start and 1 at its end; nil for a value the axis cannot
    /// place (not finite, not above zero on a logarithmic axis, not a category's index).
    func position(of value: Double) -> Double? {
        guard value.isFinite else { return nil }
        switch placement {
        case .linear(let low, let high):
            return (value - low) / (high - low)
        case .logarithmic(let low, let high):
            guard value > 0 else { return nil }
            return (log10(value) - low) / (high - low)
        case .categories(let count):
            guard value == value.rounded(), value >= 0, value < Double(count) else { return nil }
            return (value + 0.5) / Double(count)
        }
    }
}
