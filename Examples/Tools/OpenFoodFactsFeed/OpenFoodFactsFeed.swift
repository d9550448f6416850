import Foundation
import InventoryKit

/// Open Food Facts-shaped JSON Lines records for benchmarks and scale tests, made deterministically from the
/// real product records in `Tests/ProductImportTests/Fixtures`: each template keeps the fields the
/// normalizer reads, then other real fields of the same record until it is about 2.1 KB, as lines of the Open
/// Food Facts JSONL dump are. Record `n` is template `n % templates` with a barcode of its own (a valid
/// GTIN-13: `40`, ten digits of `n`, check digit) and, when the template has a name, `" n"` after it.
///
/// ```swift
/// let feed = try OpenFoodFactsFeed()
/// let lines = feed.lines(0..<20_000)                  // [Data], one JSON object each
/// for line in feed.stream(bytes: 1 << 30) { … }       // about 1 GB of lines, generated as they are read
/// ```
public struct OpenFoodFactsFeed: Sendable {
    /// One template: its JSON bytes cut around the barcode and the name's number.
    private struct Template: Sendable {
        var beforeCode: [UInt8]
        var beforeNumber: [UInt8]?
        var rest: [UInt8]
    }

    /// The folder of the repository's Open Food Facts fixtures.
    public static let repositoryFixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/ProductImportTests/Fixtures")

    /// The fields the normalizer reads, kept first.
    private static let readFields = [
        "code", "product_name", "generic_name", "brands", "brand_owner", "categories_tags", "categories", "quantity",
        "product_quantity", "product_quantity_unit", "serving_size", "nutriments", "no_nutrition_data",
        "allergens_tags", "ingredients_text", "labels_tags", "image_front_url", "image_ingredients_url",
        "image_nutrition_url", "image_packaging_url", "lc", "languages_codes", "last_modified_t", "rev", "product_type",
    ]
    private static let nutriments = [
        "energy-kcal_100g", "energy-kj_100g", "energy_100g", "fat_100g", "saturated-fat_100g", "carbohydrates_100g",
        "sugars_100g", "fiber_100g", "proteins_100g", "salt_100g", "sodium_100g",
    ]
    private static let codeMark = "@@CODE@@"
    private static let numberMark = "@@NUMBER@@"

    private let templates: [Template]

    /// The number of templates (one per fixture record).
    public var templateCount: Int { templates.count }

    /// Loads the templates from a folder of Open Food Facts API responses (`*.json`).
    ///
    /// - Throws: ``OpenFoodFactsFeedError`` when the folder holds no readable record.
    public init(fixtures: URL = Self.repositoryFixtures, targetBytes: Int = 2_100) throws(OpenFoodFactsFeedError) {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw .unreadable(fixtures.path, reason: error.localizedDescription)
        }
        var templates: [Template] = []
        for file in files {
            guard let data = try? Data(contentsOf: file),
                let document = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else { continue }
            let product = (document["product"] as? [String: Any]).flatMap { $0.isEmpty ? nil : $0 } ?? document
            if let template = Self.template(product, targetBytes: targetBytes) { templates.append(template) }
        }
        guard !templates.isEmpty else { throw .noRecords(fixtures.path) }
        self.templates = templates
    }

    /// Record `index`: one line of JSON, without its newline.
    public func line(_ index: Int) -> Data {
        var bytes: [UInt8] = []
        append(index, to: &bytes)
        return Data(bytes)
    }

    /// Records `range`, one `Data` each.
    public func lines(_ range: Range<Int>) -> [Data] {
        range.map(line)
    }

    /// Records `0, 1, 2, …` until their bytes (with a newline each) reach `bytes`, generated as they are read.
    public func stream(bytes: Int) -> Stream {
        Stream(feed: self, bytes: bytes)
    }

    /// The JSON Lines text of records `range`, each followed by a newline.
    public func jsonLines(_ range: Range<Int>) -> Data {
        var bytes: [UInt8] = []
        for index in range {
            append(index, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }

    /// Records generated as they are read, up to a byte budget.
    public struct Stream: Sequence, Sendable {
        let feed: OpenFoodFactsFeed
        let bytes: Int

        /// An iterator from record 0.
        public func makeIterator() -> Iterator {
            Iterator(feed: feed, budget: bytes)
        }

        /// Generates the next record while the budget lasts.
        public struct Iterator: IteratorProtocol {
            let feed: OpenFoodFactsFeed
            let budget: Int
            var produced = 0
            var index = 0

            /// The next record, or `nil` once the records so far (with newlines) reach the budget.
            public mutating func next() -> Data? {
                guard produced < budget else { return nil }
                let line = feed.line(index)
                index += 1
                produced += line.count + 1
                return line
            }
        }
    }

    // MARK: - Building

    private func append(_ index: Int, to bytes: inout [UInt8]) {
        let template = templates[index % templates.count]
        bytes += template.beforeCode
        bytes += Array(Self.barcode(index).utf8)
        if let beforeNumber = template.beforeNumber {
            bytes += beforeNumber
            bytes += Array(String(index).utf8)
        }
        bytes += template.rest
    }

    /// A valid GTIN-13: `40`, ten digits of `index`, the check digit.
    public static func barcode(_ index: Int) -> String {
        let digits = String(index % 10_000_000_000)
        let body = "40" + String(repeating: "0", count: 10 - digits.count) + digits
        return body + String(GTIN.checkDigit(for: body) ?? 0)
    }

    private static func template(_ product: [String: Any], targetBytes: Int) -> Template? {
        var record: [String: Any] = [:]
        for key in readFields {
            guard var value = product[key] else { continue }
            if key == "nutriments", let all = value as? [String: Any] {
                value = all.filter { nutriments.contains($0.key) }
            }
            if key == "ingredients_text", let text = value as? String { value = String(text.prefix(400)) }
            record[key] = value
        }
        for key in product.keys.sorted() where key.hasPrefix("product_name_") && product[key] is String {
            record[key] = product[key]
        }
        record["code"] = codeMark
        if let name = record["product_name"] as? String, !name.isEmpty { record["product_name"] = name + " " + numberMark }
        // Other real fields of the record, small ones first in key order, while the record stays under the target.
        var size = encodedSize(record)
        for key in product.keys.sorted() where record[key] == nil {
            guard let value = product[key], let valueSize = encodedSize(["k": value]), valueSize < 320, let current = size,
                current + valueSize + key.utf8.count <= targetBytes
            else { continue }
            record[key] = value
            size = encodedSize(record)
        }
        guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes]),
            let text = String(data: data, encoding: .utf8), let code = text.range(of: "\"" + codeMark + "\"")
        else { return nil }
        let beforeCode = Array(text[..<code.lowerBound].utf8) + [UInt8(ascii: "\"")]
        let afterCode = "\"" + String(text[code.upperBound...])
        guard let number = afterCode.range(of: numberMark) else {
            return Template(beforeCode: beforeCode, beforeNumber: nil, rest: Array(afterCode.utf8))
        }
        return Template(
            beforeCode: beforeCode, beforeNumber: Array(afterCode[..<number.lowerBound].utf8),
            rest: Array(afterCode[number.upperBound...].utf8))
    }

    private static func encodedSize(_ object: [String: Any]) -> Int? {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))?.count
    }
}

/// Why the feed's templates could not be loaded.
public enum OpenFoodFactsFeedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The fixtures folder could not be listed.
    case unreadable(String, reason: String)
    /// The folder holds no Open Food Facts record.
    case noRecords(String)

    /// A one-line account.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot list \(path): \(reason)"
        case .noRecords(let path): "no Open Food Facts record in \(path)"
        }
    }
}
