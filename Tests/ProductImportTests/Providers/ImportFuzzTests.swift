import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// The Open Food Facts decoder and the CSV reader on 100,000 mutated inputs each, made from the real fixtures
/// with a fixed seed: nothing crashes, every failure is typed (an `ImportRejection` or a `CSVReadError`), and
/// every product that comes out is valid.
///
/// Every input is decoded (read); the full normalization into products, about four times dearer in a debug
/// build, runs on every ``normalizeEvery``-th input (the seeds always), so each test stays well under a minute.
@Suite("Import fuzz")
struct ImportFuzzTests {
    /// Inputs per target: 100,000, or `FUZZ_ITERATIONS` from the environment (more for a longer local run).
    static let iterations = ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 100_000
    /// Which inputs are also normalized into products: every `normalizeEvery`-th (1 in the environment's
    /// `FUZZ_NORMALIZE_EVERY` to normalize all).
    static let normalizeEvery = ProcessInfo.processInfo.environment["FUZZ_NORMALIZE_EVERY"].flatMap { Int($0) }.map { max(1, $0) } ?? 3

    /// The fields of a fixture the normalizer reads, as compact JSON (texts cut to 100 characters, lists to
    /// their 4 most specific items): real values, small enough that 100,000 mutations run in seconds.
    static let readKeys = [
        "code", "product_name", "product_name_fr", "product_name_en", "generic_name", "brands", "brand_owner",
        "categories_tags", "categories", "quantity", "product_quantity", "product_quantity_unit", "ingredients_text",
        "allergens_tags", "labels_tags", "serving_size", "nutriments", "lc", "rev", "last_modified_t", "product_type",
        "image_front_url", "no_nutrition_data",
    ]

    static func fixtureObjects() throws -> [[String: Any]] {
        try ImportFixtures.openFoodFactsCodes.map { code in
            let json = try JSONSerialization.jsonObject(with: try ImportFixtures.openFoodFacts(code)) as? [String: Any] ?? [:]
            let product = json["product"] as? [String: Any] ?? json
            var compact = product.filter { readKeys.contains($0.key) }.mapValues { value -> Any in
                if let text = value as? String { return String(text.prefix(100)) }
                if let list = value as? [Any] { return Array(list.suffix(4)) }
                return value
            }
            if var nutriments = compact["nutriments"] as? [String: Any] {
                nutriments = nutriments.filter { $0.key.hasSuffix("_100g") && !$0.key.contains("-prepared") }
                compact["nutriments"] = nutriments
            }
            if compact["code"] == nil { compact["code"] = json["code"] }
            return compact
        }
    }

    /// Compact Open Food Facts records, in both envelope shapes.
    static func openFoodFactsSeeds() throws -> [[UInt8]] {
        try fixtureObjects().enumerated().map { index, object in
            let document: Any = index.isMultiple(of: 2) ? ["code": object["code"] ?? "", "status": 1, "product": object] : object
            return Array(try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]))
        }
    }

    /// Small CSV feeds of fixture values, with quoted fields, in several delimiters and encodings.
    static func csvSeeds() throws -> [[UInt8]] {
        func quoted(_ value: Any?) -> String {
            let text = value.map { "\($0)" } ?? ""
            return "\"" + text.prefix(60).replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        let rows = try fixtureObjects().map { object -> [String] in
            let nutriments = object["nutriments"] as? [String: Any]
            return [
                "\(object["code"] ?? "")", quoted(object["product_name"]), quoted(object["brands"]), quoted(object["quantity"]),
                quoted((object["categories_tags"] as? [String])?.last), quoted(object["ingredients_text"]),
                "\(nutriments?["fat_100g"] ?? "")",
            ]
        }
        let header = ["barcode", "title", "brand", "size", "category", "ingredients", "fat"]
        var seeds: [[UInt8]] = []
        for (index, delimiter) in zip(0..., [",", ";", "\t", ","]) {
            for start in stride(from: index, to: rows.count, by: 2) {
                let lines = [header, rows[start]]
                let text = lines.map { $0.joined(separator: delimiter) }.joined(separator: index == 3 ? "\r\n" : "\n") + "\n"
                switch start % 4 {
                case 1: seeds.append([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
                case 2: seeds.append([0xEF, 0xBB, 0xBF] + Array(text.utf8))
                default: seeds.append(Array(text.utf8))
                }
            }
        }
        return seeds
    }

    /// What every imported product must satisfy.
    static func expectValid(_ product: Product, input: [UInt8]) {
        #expect((try? product.validate()) != nil, "invalid product from \(input.count) bytes: \(product.productID)")
        if let barcode = product.barcode {
            #expect((try? GTIN.normalize(barcode.value)) == barcode.value, "barcode \(barcode.value) is not canonical")
        }
        if let facts = product.productDetails?.foodDetails?.nutritionPer100gOrMl {
            let values = [facts.energyKcal, facts.fatG, facts.saturatedFatG, facts.carbsG, facts.sugarsG, facts.fiberG, facts.proteinG, facts.saltG, facts.sodiumMg]
            #expect(values.allSatisfy { $0.map { $0.isFinite && $0 >= 0 } ?? true }, "nutrition out of range: \(facts)")
        }
    }

    @Test("100,000 mutated Open Food Facts records never crash, are rejected with a reason or import valid products")
    func fuzzOpenFoodFacts() throws {
        let seeds = try Self.openFoodFactsSeeds()
        let normalizer = OpenFoodFactsNormalizer()
        let context = ImportFixtures.context()
        var input = FuzzInput(seed: 0x0FF_F022)
        var imported = 0
        for iteration in 0..<Self.iterations {
            let seed = seeds[iteration % seeds.count]
            let bytes = iteration < seeds.count ? seed : input.mutate(seed)
            guard iteration < seeds.count || iteration.isMultiple(of: Self.normalizeEvery) else {
                if case .failure(let rejection) = OpenFoodFactsNormalizer.decode(Data(bytes)) {
                    #expect(!rejection.description.isEmpty)
                }
                continue
            }
            switch normalizer.normalize(Data(bytes), context: context) {
            case .success(let result):
                imported += 1
                Self.expectValid(result.product, input: bytes)
            case .failure(let rejection):
                #expect(!rejection.description.isEmpty)
            }
        }
        #expect(imported >= seeds.count)
    }

    @Test("100,000 mutated CSV feeds never crash, fail with a CSVReadError or give rows that import valid products")
    func fuzzCSV() throws {
        let seeds = try Self.csvSeeds()
        let normalizer = CSVProductNormalizer()
        let context = ImportFixtures.context()
        var input = FuzzInput(seed: 0xC5F_F022)
        var imported = 0
        var readErrors = 0
        for iteration in 0..<Self.iterations {
            let seed = seeds[iteration % seeds.count]
            let bytes = iteration < seeds.count ? seed : input.mutate(seed)
            let document: CSVDocument
            do throws(CSVReadError) {
                document = try CSVDocument(reading: Data(bytes))
            } catch {
                readErrors += 1
                #expect(iteration >= seeds.count, "seed \(iteration) failed: \(error)")
                continue
            }
            var previousLine = 1
            for record in document.records {
                #expect(record.line > previousLine, "lines out of order in \(String(decoding: bytes, as: UTF8.self))")
                #expect(record.header == document.header)
                previousLine = record.line
                guard iteration < seeds.count || iteration.isMultiple(of: Self.normalizeEvery) else { continue }
                switch normalizer.normalize(record, context: context) {
                case .success(let result):
                    imported += 1
                    Self.expectValid(result.product, input: bytes)
                case .failure(.malformedRow(let line, _)):
                    #expect(line == record.line)
                case .failure:
                    break
                }
            }
        }
        #expect(imported >= seeds.count)
        #expect(readErrors > 0)
    }
}
