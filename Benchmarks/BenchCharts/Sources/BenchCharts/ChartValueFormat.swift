import Foundation

/// How an axis writes its tick labels and a series its values: a number in, a short label out.
///
/// A format is a pure function of the value (no locale, no clock), so the same chart always gives the same text.
///
/// ```swift
/// let axis = ChartAxis(label: "time", scale: .logarithmic, format: .seconds)   // 10 µs, 1 ms, 1 s
/// ```
public struct ChartValueFormat: Sendable {
    /// Writes one value.
    private let body: @Sendable (Double) -> String

    /// A format that writes a value with `body`.
    public init(_ body: @escaping @Sendable (Double) -> String) {
        self.body = body
    }

    /// The label of `value`.
    public func callAsFunction(_ value: Double) -> String {
        body(value)
    }
}

// MARK: - Named formats

extension ChartValueFormat {
    /// Three significant digits and no unit: `0.25`, `12.3`, `4410`.
    public static let number = ChartValueFormat { significant($0) }

    /// A whole number with a space between each group of three digits: `20 000`, `264 128`.
    public static let grouped = ChartValueFormat { value in
        guard value.isFinite, abs(value) < 1e15 else { return significant(value) }
        let digits = String(Int64(abs(value).rounded()))
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 && digits != "0" ? "-" : "") + groups.joined(separator: " ")
    }

    /// Thousands as `k` and millions as `M`, three significant digits: `1k`, `100k`, `4.41k`, `1.5M`.
    public static let abbreviated = ChartValueFormat { value in
        switch abs(value) {
        case 1e6...: significant(value / 1e6) + "M"
        case 1e3...: significant(value / 1e3) + "k"
        default: significant(value)
        }
    }

    /// A duration given in seconds, in the unit that suits it, three significant digits: `10 µs`, `1.23 ms`, `3.3 s`.
    public static let seconds = ChartValueFormat { value in
        switch abs(value) {
        case 0: "0 s"
        case 1...: significant(value) + " s"
        case 1e-3...: significant(value * 1e3) + " ms"
        case 1e-6...: significant(value * 1e6) + " µs"
        default: significant(value * 1e9) + " ns"
        }
    }

    /// A duration given in milliseconds, three significant digits: `36.9 ms`, `250 ms`.
    public static let milliseconds = ChartValueFormat { significant($0) + " ms" }

    /// `value` with `digits` significant digits (trailing zeros after the point dropped); `NaN`, `∞` or `-∞` for
    /// values that are not finite.
    static func significant(_ value: Double, digits: Int = 3) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "-∞") }
        guard value != 0 else { return "0" }
        let magnitude = Int(floor(log10(abs(value))))
        let decimals = min(max(0, digits - 1 - magnitude), 12)
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
