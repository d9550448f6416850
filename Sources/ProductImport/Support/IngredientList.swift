import Foundation

/// Splits an ingredient text into its items, in label order.
enum IngredientList {
    /// The items of `text`: split at commas and semicolons outside parentheses and brackets, trimmed, without
    /// the underscores Open Food Facts uses to mark allergens (`_soy_`) and without a trailing full stop.
    ///
    /// A comma between two digits is a decimal comma, not a separator: `"citron 35,5%"` is one item.
    static func split(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        let characters = Array(text)
        for (position, character) in characters.enumerated() {
            if character == ",", current.last?.isNumber == true, position + 1 < characters.count,
                characters[position + 1].isNumber
            {
                current.append(character)
                continue
            }
            switch character {
            case "(", "[", "{":
                depth += 1
                current.append(character)
            case ")", "]", "}":
                depth = max(0, depth - 1)
                current.append(character)
            case "," where depth == 0, ";" where depth == 0:
                items.append(current)
                current = ""
            case "_":
                continue
            default:
                current.append(character)
            }
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
