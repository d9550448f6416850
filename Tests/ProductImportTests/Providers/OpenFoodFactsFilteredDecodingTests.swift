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

    @Test("a real record cut at every byte fails with the same reason at the same byte as when parsed whole")
    func truncatedAtEveryByte() throws {
        for record in try HostileJSON.smallRealRecords() {
            for length in 0...record.count {
                Self.expectSameOutcome(record.prefix(length))
            }
        }
    }

    @Test("mutated real records decode, or fail, exactly as when parsed whole")
    func mutatedRecords() throws {
        let records = try HostileJSON.smallRealRecords()
        for input in HostileJSON.mutations(of: records) {
            Self.expectSameOutcome(input)
        }
    }

    // MARK: - Hostile values wherever a member can be

    @Test("a hostile value anywhere decodes, or fails, exactly as when the whole document is parsed", arguments: HostileJSON.slots)
    func hostileValues(in slot: String) {
        for value in HostileJSON.values {
            Self.expectSameOutcome(HostileJSON.fill(slot, with: value))
        }
    }

    // MARK: - Duplicates, emptiness, envelope and framing

    @Test("duplicate members, emptied objects, envelopes and framing decode as when the whole document is parsed",
          arguments: HostileJSON.documents)
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
