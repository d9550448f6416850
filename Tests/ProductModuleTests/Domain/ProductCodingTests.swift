import Foundation
import InventoryKit
import ProductModule
import Testing

@Suite("Product coding: the canonical JSON, schema evolution and byte-stable round trips")
struct ProductCodingTests {
    /// The example canonical payload of the product module plan, section 5.2.
    static let seedPayload = """
        {
          "productId": "0123456789012",
          "barcode": { "value": "0123456789012", "symbology": "ean13" },
          "title": "Organic Milk",
          "brand": "Fresh Farm",
          "shortDescription": "Whole milk",
          "storageInstructions": "Keep refrigerated",
          "category": { "main": "food", "sub": "dairy" },
          "productDetails": {
            "type": "food",
            "value": {
              "ingredients": ["milk"],
              "allergens": ["milk"],
              "servingSize": "200ml",
              "nutritionPer100gOrMl": {
                "energyKcal": 62,
                "proteinG": 3.2,
                "fatG": 3.5,
                "saturatedFatG": 2.1,
                "carbsG": 4.7,
                "sugarsG": 4.7,
                "sodiumMg": 44
              }
            }
          },
          "packaging": { "quantity": 1, "unit": "l", "count": 1, "displayText": "1L bottle" },
          "size": "1L",
          "images": [],
          "attributes": { "origin": "local", "languageCodes": "en,ar" },
          "extractionMetadata": {
            "extractorVersion": "imagedata-v1",
            "fieldConfidence": { "barcode": 0.99, "title": 0.87, "category": 0.8 }
          },
          "qualitySignals": { "completenessScore": 0.84, "needsManualReview": false },
          "compliance": { "marketCountries": ["US"], "restrictedFlags": [] },
          "source": "aiExtraction",
          "status": "active",
          "createdAt": "2026-02-27T10:00:00Z",
          "updatedAt": "2026-02-27T10:00:00Z",
          "version": 1
        }
        """

    @Test("the seed's example payload decodes to the product it describes")
    func decodesSeedPayload() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let product = try decoder.decode(Product.self, from: Data(Self.seedPayload.utf8))
        var expected = try ProductFixtures.milk()
        let date = try #require(ISO8601DateFormatter().date(from: "2026-02-27T10:00:00Z"))
        expected.createdAt = date
        expected.updatedAt = date
        #expect(product == expected)
        #expect(product.compliance?.regulatoryTags == [])
        #expect(product.certifications == [] && product.relatedAssetIDs == [] && product.manufacturer == nil)
        try product.validate()
    }

    @Test("a payload written before the newer fields existed decodes with empty defaults")
    func decodesOlderPayload() throws {
        let payload = #"""
            {"productId":"prd_6f1c0e2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b","source":"manual","status":"draft",
             "createdAt":800000000,"updatedAt":800000060,"version":2,
             "qualitySignals":{},"extractionMetadata":{},"compliance":{},
             "productDetails":{"type":"other"}}
            """#
        let product = try RecordCoding.decode(Product.self, from: Data(payload.utf8))
        #expect(product.productID == .generated(ProductFixtures.uuid))
        #expect(product.status == .draft && product.version == 2)
        #expect(product.images == [] && product.attributes == [:] && product.certifications == [])
        #expect(product.languageCodes == [] && product.searchKeywords == [] && product.relatedBarcodes == [])
        #expect(product.additionalIdentifiers == [] && product.references == [:] && product.relatedAssetIDs == [])
        #expect(product.qualitySignals == ProductQualitySignals(needsManualReview: false))
        #expect(product.extractionMetadata == ProductExtractionMetadata())
        #expect(product.compliance == ProductCompliance())
        #expect(product.productDetails == .other(nil))
        try product.validate()
    }

    @Test("unknown keys are ignored, at the top level and in nested values")
    func ignoresUnknownKeys() throws {
        let payload = #"""
            {"productId":"0123456789012","barcode":{"value":"0123456789012","symbology":"ean13","checkedBy":"x"},
             "source":"manual","status":"active","createdAt":800000000,"updatedAt":800000000,"version":1,
             "futureField":{"nested":[1,2,3]},"category":{"main":"food","display":"Food"}}
            """#
        let product = try RecordCoding.decode(Product.self, from: Data(payload.utf8))
        #expect(product.category == ProductCategory(main: "food"))
        #expect(product.barcode?.value == "0123456789012")
    }

    @Test("a payload without a required key does not decode", arguments: [
        "productId", "createdAt", "updatedAt", "version", "source", "status",
    ])
    func requiresKeys(_ key: String) throws {
        var object: [String: Any] = [
            "productId": "0123456789012", "source": "manual", "status": "active", "createdAt": 800_000_000,
            "updatedAt": 800_000_000, "version": 1,
        ]
        object[key] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try RecordCoding.decode(Product.self, from: data) }
    }

    @Test("decoding rejects an invalid product id, barcode or details type", arguments: [
        #"{"productId":"a b","source":"manual","status":"active","createdAt":0,"updatedAt":0,"version":1}"#,
        #"{"productId":"1","barcode":{"value":"123"},"source":"manual","status":"active","createdAt":0,"updatedAt":0,"version":1}"#,
        #"{"productId":"1","productDetails":{"type":"vehicle"},"source":"manual","status":"active","createdAt":0,"updatedAt":0,"version":1}"#,
    ])
    func rejectsInvalidValues(_ payload: String) {
        #expect(throws: DecodingError.self) { try RecordCoding.decode(Product.self, from: Data(payload.utf8)) }
    }

    @Test("a round trip through RecordCoding is byte-stable", arguments: 0..<8)
    func byteStableRoundTrip(_ variant: Int) throws {
        var product = try ProductFixtures.fullyPopulated()
        let details: [ProductDetails?] = [
            nil,
            .food(nil),
            .beverage(FoodDetails(quantityText: "6 x 330 ml", numberOfItemsText: "6")),
            .household(HouseholdDetails(usageInstructions: ["Dilute"], safetyWarnings: ["Irritant"], materials: ["PET"])),
            .personalCare(PersonalCareDetails(usageDirections: ["Apply"], ingredients: ["Aqua"], warnings: [], skinType: ["dry"])),
            .collectible(
                CollectibleDetails(
                    platform: "Apple II", publisher: "Brøderbund", releaseDate: ProductFixtures.epoch,
                    systemRequirements: StandardSystemRequirements(minMemory: 48 * 1024, cpuFamily: "6502"),
                    sourceCode: StandardSourceCode(url: URL(string: "https://example.com/src"), license: "MIT"))),
            .other(UnknownDetails(keyValue: ["colour": "red"], inferredCategory: "toys")),
            .food(FoodDetails(nutritionPer100gOrMl: NutritionFacts(energyKcal: 0.1, fiberG: 1e-7, saltG: 12345.678))),
        ]
        product.productDetails = details[variant]
        product.packaging = ProductPackaging(quantity: Decimal(string: "0.33"), unit: .other("sachet"), count: 6)
        product.updatedAt = product.createdAt.addingTimeInterval(0.123456789)
        let data = try RecordCoding.encode(product)
        let decoded = try RecordCoding.decode(Product.self, from: data)
        #expect(decoded == product)
        #expect(try RecordCoding.encode(decoded) == data)
    }

    @Test("product details encode as type and value, leaving value out when nil")
    func detailsShape() throws {
        let food = try RecordCoding.encode(ProductDetails.food(FoodDetails(servingSize: "200ml")))
        #expect(String(decoding: food, as: UTF8.self) == #"{"type":"food","value":{"servingSize":"200ml"}}"#)
        let empty = try RecordCoding.encode(ProductDetails.personalCare(nil))
        #expect(String(decoding: empty, as: UTF8.self) == #"{"type":"personalCare"}"#)
        let null = try RecordCoding.decode(ProductDetails.self, from: Data(#"{"type":"household","value":null}"#.utf8))
        #expect(null == .household(nil))
    }

    @Test("nil fields are left out and empty collections are written")
    func encodedShape() throws {
        let draft = ProductFixtures.draft()
        let object = try JSONSerialization.jsonObject(with: RecordCoding.encode(draft)) as? [String: Any] ?? [:]
        #expect(object["barcode"] == nil && object["brand"] == nil && object["productDetails"] == nil)
        #expect((object["certifications"] as? [Any])?.isEmpty == true)
        #expect(object["productId"] as? String == draft.productID.rawValue)
    }

    @Test("an alias round-trips")
    func aliasCoding() throws {
        let alias = ProductAlias(
            from: .generated(ProductFixtures.uuid), to: try ProductID("0012345678905"), createdAt: ProductFixtures.epoch)
        #expect(try RecordCoding.decode(ProductAlias.self, from: RecordCoding.encode(alias)) == alias)
    }
}
