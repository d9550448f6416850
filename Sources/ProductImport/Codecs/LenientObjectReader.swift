import Foundation

/// Reads the fields of a JSON object one at a time, turning a value of the wrong type into a warning.
///
/// Numbers written as strings (`"730"`, `"0,5"`) are read as numbers without a warning, as providers write them
/// routinely; a number or boolean where a text is expected is converted with a warning; anything else of the
/// wrong type is left out with a warning.
struct LenientObjectReader {
    /// The object read.
    let object: [String: JSONValue]
    /// What the reads noticed.
    var warnings: [ImportWarning] = []
    /// Prepended to field names in warnings, such as `"nutriments."`.
    let prefix: String

    init(_ object: [String: JSONValue], prefix: String = "") {
        self.object = object
        self.prefix = prefix
    }

    /// Whether the key is present (even as `null`).
    func contains(_ key: String) -> Bool {
        object[key] != nil
    }

    /// A text: strings as they are, numbers and booleans converted (with a warning).
    mutating func text(_ key: String) -> String? {
        guard let value = object[key] else { return nil }
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .number(let number):
            warnings.append(.coercedValue(field: prefix + key, from: "a number"))
            return Self.format(number)
        case .bool(let flag):
            warnings.append(.coercedValue(field: prefix + key, from: "a boolean"))
            return flag ? "true" : "false"
        case .array, .object:
            warnings.append(.invalidValue(field: prefix + key, reason: "expected a text, found \(value.kindDescription)"))
            return nil
        }
    }

    /// A finite number: numbers, or strings holding one (decimal commas accepted). Empty strings read as `nil`.
    mutating func number(_ key: String) -> Double? {
        guard let value = object[key] else { return nil }
        switch value {
        case .null: return nil
        case .number(let number): return number
        case .string(let text):
            if text.trimmedText(newlines: false).isEmpty { return nil }
            if let number = ImportNumber.parse(text) { return number }
            warnings.append(.invalidValue(field: prefix + key, reason: "\"\(text.prefix(40))\" is not a number"))
            return nil
        case .bool, .array, .object:
            warnings.append(.invalidValue(field: prefix + key, reason: "expected a number, found \(value.kindDescription)"))
            return nil
        }
    }

    /// A whole number (a number with a fraction is rounded down).
    mutating func integer(_ key: String) -> Int? {
        guard let number = number(key) else { return nil }
        guard abs(number) < 9.0e15 else {
            warnings.append(.invalidValue(field: prefix + key, reason: "\(number) is out of range"))
            return nil
        }
        return Int(number.rounded(.down))
    }

    /// A flag: booleans, `0`/`1`, and texts such as `"on"`, `"yes"`, `"true"` (an empty text is `false`).
    mutating func flag(_ key: String) -> Bool? {
        guard let value = object[key] else { return nil }
        switch value {
        case .null: return nil
        case .bool(let flag): return flag
        case .number(let number): return number != 0
        case .string(let text):
            switch text.trimmedText(newlines: false).lowercased() {
            case "on", "yes", "true", "1", "y": return true
            case "", "off", "no", "false", "0", "n": return false
            default:
                warnings.append(.invalidValue(field: prefix + key, reason: "\"\(text.prefix(40))\" is not a yes or no"))
                return nil
            }
        case .array, .object:
            warnings.append(.invalidValue(field: prefix + key, reason: "expected a flag, found \(value.kindDescription)"))
            return nil
        }
    }

    /// A list of texts: an array (numbers converted, other elements left out with a warning), or one text split
    /// at commas.
    mutating func textList(_ key: String) -> [String] {
        guard let value = object[key] else { return [] }
        switch value {
        case .null: return []
        case .array(let elements):
            var texts: [String] = []
            var skipped = 0
            for element in elements {
                switch element {
                case .string(let text): texts.append(text)
                case .number(let number): texts.append(Self.format(number))
                default: skipped += 1
                }
            }
            if skipped > 0 {
                warnings.append(.invalidValue(field: prefix + key, reason: "\(skipped) elements are not texts"))
            }
            return texts
        case .string(let text):
            return text.split(separator: ",").map { String($0) }
        case .number, .bool, .object:
            warnings.append(.invalidValue(field: prefix + key, reason: "expected a list, found \(value.kindDescription)"))
            return []
        }
    }

    /// The keys of an object value (a map such as `languages_codes`), or an array's texts.
    mutating func keys(_ key: String) -> [String] {
        guard let value = object[key] else { return [] }
        switch value {
        case .null: return []
        case .object(let members): return members.keys.sorted()
        case .array: return textList(key)
        default:
            warnings.append(.invalidValue(field: prefix + key, reason: "expected an object, found \(value.kindDescription)"))
            return []
        }
    }

    /// A nested object; another type is left out with a warning.
    mutating func object(_ key: String) -> [String: JSONValue]? {
        guard let value = object[key] else { return nil }
        switch value {
        case .null: return nil
        case .object(let members): return members
        default:
            warnings.append(.invalidValue(field: prefix + key, reason: "expected an object, found \(value.kindDescription)"))
            return nil
        }
    }

    /// A number without a needless `.0`: `730.0` reads `"730"`, `0.5` reads `"0.5"`.
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}
