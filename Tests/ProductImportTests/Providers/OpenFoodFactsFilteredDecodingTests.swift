import Foundation
import InventoryKit
@testable import ProductImport
import Testing

/// Decoding an Open Food Facts record builds only the members the record reader uses and skips the rest; the
/// outcome is exactly that of parsing the whole document: the same record (warnings included), the same
/// rejection, and for a text that is not JSON the same reason at the same byte.
@Suite("Open Food Facts decoding that skips unread members")
struct OpenFoodFactsFilteredDecodingTests {
    // MARK: - The reference: the whole document parsed, then read

    /// The decoding before members were skipped: every value of the document built, then read.
    static func wholeDocumentDecode(_ data: Data, limits: ImportLimits = .standard) -> Result<OpenFoodFactsProduct, ImportRejection> {
        guard data.count <= limits.maximumRecordBytes else {
            return .failure(.recordTooLarge(bytes: data.count, limit: limits.maximumRecordBytes))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            return .failure(.unparseable(reason: error.description))
        }
        guard let object = value.objectValue else {
            return .failure(.unexpectedShape("\(value.kindDescription), not a JSON object"))
        }
        var envelope = LenientObjectReader(object)
        let envelopeCode = envelope.text("code")
        if let product = object["product"]?.objectValue, !product.isEmpty {
            if OpenFoodFactsNormalizer.isNotFound(object["status"]) { return .failure(.productNotFound(code: envelopeCode)) }
            var decoded = OpenFoodFactsProduct(json: product)
            if decoded.code?.isEmpty ?? true { decoded.code = envelopeCode }
            return .success(decoded)
        }
        if OpenFoodFactsNormalizer.isNotFound(object["status"]) { return .failure(.productNotFound(code: envelopeCode)) }
        if case .array(let products)? = object["products"] {
            return .failure(.unexpectedShape("a search result with \(products.count) products; import each product"))
        }
        return .success(OpenFoodFactsProduct(json: object))
    }

    /// A wholly parsed value with the members a filter skips taken out.
    static func restricted(_ value: JSONValue, by filter: JSONMemberFilter) -> JSONValue {
        guard case .object(let members) = value else { return value }
        var kept: [String: JSONValue] = [:]
        for (name, member) in members where filter.keeps(name) {
            kept[name] = filter.nested[name].map { restricted(member, by: $0) } ?? member
        }
        return .object(kept)
    }

    /// The paths of the objects of a wholly parsed value that have members a filter skips.
    static func pathsLosingMembers(_ value: JSONValue, by filter: JSONMemberFilter, at path: [String] = []) -> Set<[String]> {
        guard case .object(let members) = value else { return [] }
        var paths: Set<[String]> = members.keys.allSatisfy(filter.keeps) ? [] : [path]
        for (name, member) in members where filter.keeps(name) {
            if let nested = filter.nested[name] { paths.formUnion(pathsLosingMembers(member, by: nested, at: path + [name])) }
        }
        return paths
    }

    /// Expects the filtered parse to equal the whole parse restricted to the kept members (or to fail the same
    /// way), and the decoder to give what ``wholeDocumentDecode(_:limits:)`` gives.
    static func expectSameOutcome(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let filter = OpenFoodFactsNormalizer.envelopeFilter
        let whole = Result { () throws(JSONParser.Failure) in try JSONParser.parse(data) }
        let filtered = Result { () throws(JSONParser.Failure) in try JSONParser.parse(data, keeping: filter) }
        let input = String(decoding: data.prefix(120), as: UTF8.self)
        switch (whole, filtered) {
        case (.success(let value), .success(let document)):
            #expect(document.value == restricted(value, by: filter), "\(input)", sourceLocation: sourceLocation)
            #expect(
                document.pathsWithSkippedMembers == pathsLosingMembers(value, by: filter), "\(input)",
                sourceLocation: sourceLocation)
        case (.failure(let wholeFailure), .failure(let filteredFailure)):
            #expect(filteredFailure == wholeFailure, "\(input)", sourceLocation: sourceLocation)
        default:
            Issue.record("whole parse \(whole), filtered parse \(filtered) of \(input)", sourceLocation: sourceLocation)
        }
        #expect(OpenFoodFactsNormalizer.decode(data) == wholeDocumentDecode(data), "\(input)", sourceLocation: sourceLocation)
    }

    // MARK: - Real records

    @Test("every real fixture decodes to the same record as when parsed whole", arguments: ImportFixtures.openFoodFactsCodes)
    func realFixtures(code: String) throws {
        let data = try ImportFixtures.openFoodFacts(code)
        Self.expectSameOutcome(data)
        let decoded = try OpenFoodFactsNormalizer.decode(data).get()
        #expect(decoded == (try Self.wholeDocumentDecode(data).get()))
    }

    /// A real record small enough to cut at every byte, as it comes (a bare product) and in a v2 envelope.
    static func smallRealRecords() throws -> [Data] {
        let bare = try ImportFixtures.openFoodFacts("57045443")
        let object = try JSONSerialization.jsonObject(with: bare)
        let envelope = try JSONSerialization.data(
            withJSONObject: ["code": "57045443", "status": 1, "status_verbose": "product found", "product": object],
            options: [.sortedKeys])
        return [bare, envelope]
    }

    @Test("a real record cut at every byte fails with the same reason at the same byte as when parsed whole")
    func truncatedAtEveryByte() throws {
        for record in try Self.smallRealRecords() {
            for length in 0...record.count {
                Self.expectSameOutcome(record.prefix(length))
            }
        }
    }

    @Test("mutated real records decode, or fail, exactly as when parsed whole")
    func mutatedRecords() throws {
        let records = try Self.smallRealRecords().map { Array($0) }
        var fuzz = FuzzInput(seed: 0x0FF_DEC0DE)
        for iteration in 0..<4_000 {
            Self.expectSameOutcome(Data(fuzz.mutate(records[iteration % records.count])))
        }
    }

    // MARK: - Hostile values wherever a member can be

    /// Values (most of them not JSON) placed in each slot of ``slots``.
    static let hostileValues: [String] = [
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

    @Test("a hostile value anywhere decodes, or fails, exactly as when the whole document is parsed", arguments: slots)
    func hostileValues(in slot: String) {
        for value in Self.hostileValues {
            Self.expectSameOutcome(Data(slot.replacingOccurrences(of: "$", with: value).utf8))
        }
    }

    // MARK: - Duplicates, emptiness, envelope and framing

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

    @Test("duplicate members, emptied objects, envelopes and framing decode as when the whole document is parsed",
          arguments: documents)
    func sameOutcome(of document: String) {
        Self.expectSameOutcome(Data(document.utf8))
    }

    @Test("a product whose members are all unread is still the envelope's product, not the envelope itself")
    func productOfUnreadMembers() throws {
        let data = Data(#"{"code": "3017620422003", "product": {"unused": 1}, "product_name": "Top level"}"#.utf8)
        let decoded = try OpenFoodFactsNormalizer.decode(data).get()
        #expect(decoded.code == "3017620422003")
        #expect(decoded.productName == nil)
    }

    @Test("several localized names of the wrong type give their warnings in the same order either way")
    func localizedNameWarningsInOrder() throws {
        let names = ["fr", "en", "de", "it", "es", "nl", "pt", "pl", "sv", "da", "fi", "cs"].enumerated()
            .map { #""product_name_\#($0.element)": \#($0.offset)"# }.joined(separator: ", ")
        let data = Data(#"{"code": "3017620422003", "product": {\#(names), "unused": [1, 2, 3]}}"#.utf8)
        let decoded = try OpenFoodFactsNormalizer.decode(data).get()
        #expect(decoded.decodingWarnings.count == 12)
        #expect(decoded.decodingWarnings == (try Self.wholeDocumentDecode(data).get()).decodingWarnings)
        #expect(decoded.decodingWarnings.first == .coercedValue(field: "product_name_cs", from: "a number"))
    }

    // MARK: - The filter names what the reader reads

    @Test("every field a product record holds is among the members the decoder keeps")
    func filterKeepsEveryEncodedField() throws {
        let record = OpenFoodFactsProduct(
            code: "1", productName: "a", localizedProductNames: ["fr": "b"], genericName: "c", brands: "d",
            brandOwner: "e", categoriesTags: ["f"], categories: "g", quantity: "h", productQuantity: 1,
            productQuantityUnit: "i", servingSize: "j",
            nutriments: OpenFoodFactsNutriments(
                energyKcal: 1, energyKJ: 1, energy: 1, fat: 1, saturatedFat: 1, carbohydrates: 1, sugars: 1, fiber: 1,
                proteins: 1, salt: 1, sodium: 1),
            noNutritionData: true, allergensTags: ["k"], ingredientsText: "l", labelsTags: ["m"], imageFrontURL: "n",
            imageIngredientsURL: "o", imageNutritionURL: "p", imagePackagingURL: "q", languageCode: "r",
            languageFieldCounts: ["fr": 1], lastModified: Date(timeIntervalSince1970: 1), revision: 1, productType: "s")
        let encoded = try JSONParser.parse(JSONEncoder().encode(record))
        let filter = OpenFoodFactsProduct.memberFilter
        let members = try #require(encoded.objectValue)
        #expect(members.count == 26)  // 25 fields and one localized name
        #expect(members.keys.filter { !filter.keeps($0) }.isEmpty)
        let nutriments = try #require(members["nutriments"]?.objectValue)
        let nutrimentsFilter = try #require(filter.nested["nutriments"])
        #expect(nutriments.count == 11)
        #expect(nutriments.keys.filter { !nutrimentsFilter.keeps($0) }.isEmpty)
        #expect(OpenFoodFactsProduct(json: members) == record)
    }
}
