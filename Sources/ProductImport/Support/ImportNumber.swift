import Foundation

/// Reads numbers as providers write them: `"730"`, `"0,5"`, `"1,234.5"`, `"1.234,5"`, `"< 0.5"`.
enum ImportNumber {
    /// The finite number a text holds, or `nil`.
    ///
    /// A leading `<`, `>`, `~` or `≈` is dropped (the value is the bound). A lone comma is a decimal comma; with
    /// both a comma and a point, the later one is the decimal separator and the other groups thousands.
    static func parse(_ text: String) -> Double? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
            scalars.append(scalar)
        }
        var cleaned = String(scalars)
        while let first = cleaned.first, "<>~≈=".contains(first) { cleaned.removeFirst() }
        guard !cleaned.isEmpty, cleaned.utf8.count <= 64 else { return nil }
        let lastComma = cleaned.lastIndex(of: ",")
        let lastPoint = cleaned.lastIndex(of: ".")
        switch (lastComma, lastPoint) {
        case (let comma?, let point?):
            if comma > point {
                cleaned = cleaned.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
            } else {
                cleaned = cleaned.replacingOccurrences(of: ",", with: "")
            }
        case (_?, nil):
            cleaned = cleaned.replacingOccurrences(of: ",", with: ".")
        default:
            break
        }
        guard cleaned.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") }),
            let value = Double(cleaned), value.isFinite
        else { return nil }
        return value
    }

    /// Rounds to a number of decimal places, as a person writes the value.
    static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10.0, Double(places))
        return (value * scale).rounded() / scale
    }
}
