import Foundation
import SyncWire

/// One `query[]=<field><op><value>` filter of Grocy's `objects/*` reads; InventoryKit answers the `=` operator and
/// refuses the others by name.
struct GrocyQueryFilter: Sendable, Equatable {
    var field: String
    var value: String

    /// Reads one filter.
    /// - Throws: ``GrocyRefusal/badRequest(_:)`` for another operator or no field.
    init(_ text: String) throws(GrocyRefusal) {
        let operators: Set<Character> = ["=", "!", "~", "<", ">", "§"]
        guard let start = text.firstIndex(where: { operators.contains($0) }) else {
            throw .badRequest("The filter \(text) has no operator; InventoryKit answers field=value.")
        }
        let rest = text[start...]
        guard rest.first == "=", !rest.dropFirst().hasPrefix("="), start > text.startIndex else {
            throw .badRequest("The filter \(text) uses an operator InventoryKit does not answer; it answers field=value.")
        }
        field = String(text[..<start])
        value = String(rest.dropFirst())
    }

    /// Whether `row` (an object) holds `value` in `field`, compared as Grocy's database compares text.
    func matches(_ row: JSONValue) -> Bool {
        guard case .object(let fields) = row else { return false }
        switch fields[field] {
        case .string(let text)?: return text == value
        case .number(let number)?: return Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) == number
        case .bool(let flag)?: return value == (flag ? "1" : "0")
        case .null?: return value.isEmpty
        default: return false
        }
    }
}
