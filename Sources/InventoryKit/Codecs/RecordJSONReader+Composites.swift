import Foundation

// The reader's values built from its primitives: optional values, dates, lists and maps of strings.
extension RecordJSONReader {
    /// Refuses the input (``fail()``) and returns `nil`: what a reader returns for a value it does not read itself.
    package mutating func refuse<Value>() -> Value? {
        fail()
        return nil
    }

    /// A string, or `nil` for `null`.
    package mutating func optionalString() -> String? {
        null() ? nil : string()
    }

    /// A number as `Double`, or `nil` for `null`.
    package mutating func optionalDouble() -> Double? {
        null() ? nil : double()
    }

    /// An integer, or `nil` for `null`.
    package mutating func optionalInt() -> Int? {
        null() ? nil : int()
    }

    /// A `Decimal`, or `nil` for `null`.
    package mutating func optionalDecimal() -> Decimal? {
        null() ? nil : decimal()
    }

    /// A date as ``RecordCoding`` writes it: seconds since 2001-01-01.
    package mutating func date() -> Date {
        Date(timeIntervalSinceReferenceDate: double())
    }

    /// An array of strings.
    package mutating func strings() -> [String] {
        var values: [String] = []
        var array = RecordJSONContainer()
        guard beginArray() else { return [] }
        while nextElement(in: &array) { values.append(string()) }
        return values
    }

    /// An array of strings, or `nil` for `null`.
    package mutating func optionalStrings() -> [String]? {
        null() ? nil : strings()
    }

    /// An object of strings; a repeated key is refused.
    package mutating func stringMap() -> [String: String] {
        var map: [String: String] = [:]
        var object = RecordJSONContainer()
        guard beginObject() else { return [:] }
        while let key = nextName(in: &object) {
            if map.updateValue(string(), forKey: key) != nil { fail() }
        }
        return map
    }

    /// An object of strings, or `nil` for `null`.
    package mutating func optionalStringMap() -> [String: String]? {
        null() ? nil : stringMap()
    }
}
