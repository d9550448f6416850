import Foundation

/// JSON texts, most of them broken, for the tests that hold two ways of parsing to the same outcome: real records
/// cut and mutated, hostile values in every position a member can take, duplicate members and odd framing.
enum HostileJSON {
    /// A real record small enough to cut at every byte, as it comes (a bare product) and in a v2 envelope.
    static func smallRealRecords() throws -> [Data] {
        let bare = try ImportFixtures.openFoodFacts("57045443")
        let object = try JSONSerialization.jsonObject(with: bare)
        let envelope = try JSONSerialization.data(
            withJSONObject: ["code": "57045443", "status": 1, "status_verbose": "product found", "product": object],
            options: [.sortedKeys])
        return [bare, envelope]
    }

    /// 4,000 mutations (``FuzzInput``, a fixed seed) of the records, taken in turn.
    static func mutations(of records: [Data]) -> [Data] {
        var fuzz = FuzzInput(seed: 0x0FF_DEC0DE)
        return (0..<4_000).map { Data(fuzz.mutate(Array(records[$0 % records.count]))) }
    }

    /// Values (most of them not JSON) placed in each of the ``slots``.
    static let values: [String] = [
        // Strings: escapes, surrogates, control characters, unterminated.
        #""a\u00e9\ud83c\udf6e\/\b\f\n\r\t""#, #""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#, #""\ud800\ud800\udc00""#,
        #""\ud800\""#, #""\x""#, #""\u12G4""#, #""\u00""#, #""\ud800\u12""#, #""\ud800\uZZZZ""#, #""\ud800\u""#,
        "\"a\u{01}b\"", "\"tab\there\"", "\"new\nline\"", "\"\u{7F}\u{FEFF}é\"", #""abc"#, #""\"#, #""\u"#, "\"\u{0}\"",
        // Numbers.
        "-", "1.", "1e", "1e+", "1E-", "01", "-01", "00", ".5", "+1", "-0", "0.5e-3", "1e400", "-1e400", "12345678901234567890",
        "1.5.2", "0x10", "- 1", "1e5x",
        // Literals.
        "true", "false", "null", "tru", "nul", "falsy", "True", "nulll",
        // Containers.
        "[]", "{}", "[1, [2, {\"a\": [3]}]]", "[1,]", "[1 2]", "[,1]", "{\"a\"}", "{\"a\":1,}", "{1:2}", "{\"a\" 1}", "[", "{",
        "{\"a\":", "[1", "{\"a\":1", "{\"a\":1 \"b\":2}", "{\"product_name\": 1, \"product_name\": \"x\"}",
        // Nothing at all, or stray punctuation.
        "", " ", "]", "}", ",", ":",
    ] + (124...130).flatMap { depth in
        [String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
         String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)]
    }

    /// Documents with a slot (`$`): a skipped or kept member of the envelope, of the product, of its nutriments, of a
    /// bare product, inside arrays, as a member name, and the whole document.
    static let slots: [String] = [
        #"{"unused": $, "product": {"product_name": "Nutella"}, "status": 1}"#,
        #"{"status": $, "code": "3017620422003", "product": {"product_name": "Nutella"}}"#,
        #"{"code": $, "product": {"product_name": "Nutella"}}"#,
        #"{"code": "3017620422003", "product": {"unused": $, "product_name": "Nutella"}}"#,
        #"{"code": "3017620422003", "product": {"product_name": $}}"#,
        #"{"code": "3017620422003", "product": $}"#,
        #"{"product": {"nutriments": {"fat_100g": 1, "energy_unit": $}}}"#,
        #"{"product": {"nutriments": {"fat_100g": $}}}"#,
        #"{"product": {"nutriments": $, "brands": "Acme"}}"#,
        #"{"code": "3017620422003", "_keywords": $, "brands": "Acme"}"#,
        #"{"code": "3017620422003", "languages_codes": {"fr": $}, "product_name": "Nutella"}"#,
        #"{"unused": [1, $, 3], "code": "3017620422003"}"#,
        #"{"products": [$]}"#,
        #"{"code": "3017620422003", "product": {$: 1, "product_name": "Nutella"}}"#,
        #"{$: "x", "code": "3017620422003"}"#,
        "$",
        " \n\t$ \r\n",
        "\u{FEFF}$",
    ]

    /// A slot's document with the value in its place.
    static func fill(_ slot: String, with value: String) -> Data {
        Data(slot.replacingOccurrences(of: "$", with: value).utf8)
    }

    /// Documents with duplicate members, objects emptied by a filter, envelopes and framing.
    static let documents: [String] = [
        #"{"product": {"product_name": "A", "product_name": "B"}}"#,
        #"{"product": {"unused": 1}, "product": {}}"#,
        #"{"product": {}, "product": {"unused": 1}}"#,
        #"{"product": {"unused": 1}, "product": "Nutella"}"#,
        #"{"product": {"nutriments": {"unused": 1}}, "product": {"product_name": "A"}}"#,
        #"{"product": {"product_name": "A", "unused": 1}, "product": {"unused": 2}}"#,
        #"{"unused": 1, "unused": {}, "code": "3017620422003", "product_name": "A"}"#,
        #"{"status": 0, "status": 1, "product": {"product_name": "A"}}"#,
        #"{"status": 1, "status": "failure", "code": "3017620422003"}"#,
        #"{"nutriments": {"fat_100g": 1}, "nutriments": {"energy_unit": "kJ"}, "code": "3017620422003"}"#,
        #"{"products": [{}, {}], "products": 1, "code": "3017620422003"}"#,
        #"{"products": [{"unused": [1, 2]}, {}], "count": 2}"#,
        #"{"code": "3017620422003", "product": {"unused": 1}, "product_name": "Top level"}"#,
        #"{"code": "3017620422003", "product": {"unused": 1}, "status": 0}"#,
        #"{"code": "3017620422003", "product": {}, "product_name": "Top level"}"#,
        #"{"product": {"product_name_fr": "Pâte", "product_name_": "x", "product_name_EN": "y", "product_names": 1}}"#,
        #"{"product": {"product\u005fname": "A", "brand\u0073": "B", "unus\u0065d": 1, "\u0063ode": "3017620422003"}}"#,
        #"{"\u0070roduct": {"unused": 1}, "c\u006fde": "3017620422003", "product_name": "Top level"}"#,
        #"{"product": {"product_name_\u0301fr": "x", "product_name_fr\u0301": "y", "product_name_\ud800": "z"}}"#,
        "{\"product\": {\"product_name_\u{301}fr\": \"x\", \"product_name_f\u{301}r\": \"y\", \"\u{212A}\": 1}}",
        "{\"product\": {\"product_name_\u{E9}\": \"x\", \"product_name_e\u{301}\": \"y\"}}",
        "\u{FEFF}{\"code\": \"3017620422003\"}", "\u{FEFF}", "\u{FEFF}\u{FEFF}{}", "{} x", "{}{}", "{\"product\": {\"unused\": 1}} {",
        "[1, 2]", "\"3017620422003\"", "0", "null", "", "   ",
    ]

    /// Every input above: the real records cut at every byte, their mutations, each value in each slot, and the
    /// documents.
    static func all() throws -> [Data] {
        let records = try smallRealRecords()
        let cuts = records.flatMap { record in (0...record.count).map { record.prefix($0) } }
        let filled = slots.flatMap { slot in values.map { fill(slot, with: $0) } }
        return cuts + mutations(of: records) + filled + documents.map { Data($0.utf8) }
    }
}
