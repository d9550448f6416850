/// A coding key with any name, for objects whose keys are data (`product_name_fr`, `languages_codes.en`).
struct DynamicCodingKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }

    init(stringLiteral value: String) {
        stringValue = value
    }
}
