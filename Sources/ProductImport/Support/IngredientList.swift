import Foundation

/// Splits an ingredient text into its items, in label order.
enum IngredientList {
    /// The items of `text`: split at commas and semicolons outside parentheses and brackets, trimmed, without
    /// the underscores Open Food Facts uses to mark allergens (`_soy_`) and without a trailing full stop.
    ///
    /// A comma between two digits is a decimal comma, not a separator: `"citron 35,5%"` is one item.
    static func split(_ text: String) -> [String] {
        // Below U+0300 (where combining marks start) every scalar but CR is a character of its own, so the scalars
        // can be walked without finding character boundaries: most labels' text, read several times faster.
        if text.unicodeScalars.allSatisfy({ $0.value < 0x300 && $0 != "\r" }) {
            return split(units: Array(text.unicodeScalars))
        }
        return split(units: Array(text))
    }

    private static func split<Unit: IngredientTextUnit>(units: [Unit]) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        for (position, unit) in units.enumerated() {
            if unit == ",", Unit.last(of: current)?.isNumber == true, position + 1 < units.count, units[position + 1].isNumber {
                unit.append(to: &current)
                continue
            }
            switch unit {
            case "(", "[", "{":
                depth += 1
            case ")", "]", "}":
                depth = max(0, depth - 1)
            case "," where depth == 0, ";" where depth == 0:
                items.append(current)
                current = ""
                continue
            case "_":
                continue
            default:
                break
            }
            unit.append(to: &current)
        }
        items.append(current)
        return items.compactMap { item in
            var trimmed = item.trimmedText()
            while trimmed.hasSuffix(".") { trimmed.removeLast() }
            trimmed = trimmed.trimmedText()
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}

/// What ``IngredientList`` walks: characters, or scalars where each one is a character.
private protocol IngredientTextUnit: Equatable, ExpressibleByUnicodeScalarLiteral {
    /// Whether the unit is a digit or another number.
    var isNumber: Bool { get }
    /// Appends the unit to a text.
    func append(to text: inout String)
    /// The text's last unit.
    static func last(of text: String) -> Self?
}

extension Character: IngredientTextUnit {
    fileprivate func append(to text: inout String) { text.append(self) }
    fileprivate static func last(of text: String) -> Character? { text.last }
}

extension Unicode.Scalar: IngredientTextUnit {
    fileprivate var isNumber: Bool { properties.numericType != nil }
    fileprivate func append(to text: inout String) { text.unicodeScalars.append(self) }
    fileprivate static func last(of text: String) -> Unicode.Scalar? { text.unicodeScalars.last }
}
