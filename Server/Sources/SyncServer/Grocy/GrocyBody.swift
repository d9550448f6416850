import Foundation
import SyncWire

/// A Grocy client's JSON body, read leniently as Grocy does (a flag may be `true`, `1` or `"1"`; an amount a number
/// or a numeric string) and exactly (numbers are read from their text into `Decimal`, never through `Double`).
struct GrocyBody: Sendable {
    let fields: [String: JSONValue]

    /// Reads `data`: an empty body or `null` is an empty object.
    /// - Throws: ``GrocyRefusal/badRequest(_:)`` when it is not a JSON object.
    init(_ data: Data) throws(GrocyRefusal) {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text != "null" else {
            fields = [:]
            return
        }
        guard case .object(let object)? = try? JSONValue(jsonText: text) else {
            throw .badRequest("The request body is not a JSON object.")
        }
        fields = object
    }

    /// Whether the body names `key` with a value other than `null`.
    func has(_ key: String) -> Bool {
        if case nil = fields[key] { return false }
        if case .null? = fields[key] { return false }
        return true
    }

    /// A number; `nil` when absent or `null`.
    func decimal(_ key: String) throws(GrocyRefusal) -> Decimal? {
        switch fields[key] {
        case nil, .null?: return nil
        case .number(let value)?: return value
        case .string(let text)?:
            if text.isEmpty { return nil }
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value.isFinite else {
                throw .badRequest("\(key) must be a number, not \"\(text)\".")
            }
            return value
        default: throw .badRequest("\(key) must be a number.")
        }
    }

    /// An integer id; `nil` when absent, `null` or empty.
    func int(_ key: String) throws(GrocyRefusal) -> Int32? {
        guard let value = try decimal(key) else { return nil }
        guard let id = Int32(exactly: NSDecimalNumber(decimal: value).int64Value),
            Decimal(Int(id)) == value
        else { throw .badRequest("\(key) must be a whole number.") }
        return id
    }

    /// A flag: `true`/`false`, `1`/`0` or their text; `nil` when absent.
    func flag(_ key: String) throws(GrocyRefusal) -> Bool? {
        switch fields[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case .number(let value)?: return value != 0
        case .string(let text)?: return ["1", "true"].contains(text.lowercased())
        default: throw .badRequest("\(key) must be 0 or 1.")
        }
    }

    /// Text; `nil` when absent or `null`.
    func string(_ key: String) throws(GrocyRefusal) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .number(let value)?: return value.description
        default: throw .badRequest("\(key) must be text.")
        }
    }
}
