import Foundation
import InventoryKit
import ProductModule

/// Normalizes the rows of a generic CSV product feed into canonical products, through a ``CSVColumnMapping``.
///
/// Identity: a valid barcode is the product id; without one, a SKU gives an id scoped to the feed
/// (`"<provider>:sku:<sku>"`), and a title alone gives an id made from brand and title (the record is then
/// synthetic). A row with neither a valid barcode nor a title is rejected, as is a row the parser could not read
/// (``CSVRecord/rejection``, such as a quoted field never closed). A barcode written by a spreadsheet as
/// `'0123…` or `="0123…"` is read without the quoting.
///
/// Sizes are parsed by ``PackagingParser``; categories go through the ``CategoryNormalizer`` (paths such as
/// `"Food > Dairy"` work); numbers accept decimal commas; food columns make `ProductDetails/food(_:)` details
/// (`ProductDetails/beverage(_:)` for a beverage category).
///
/// ```swift
/// let feed = try CSVDocument(reading: bytes, mapping: .standard)
/// let normalizer = CSVProductNormalizer(providerID: "acme-wholesale", feedRevision: "2025-06-01")
/// let results = feed.records.map { normalizer.normalize($0, context: context) }
/// ```
public struct CSVProductNormalizer: ProductProvider {
    /// The raw record: a row with its header.
    public typealias Record = CSVRecord

    /// The provider recorded in provenance; name each feed.
    public var providerID: ProviderID
    /// Which columns hold which values.
    public var mapping: CSVColumnMapping
    /// The feed's revision (a date or version), recorded in provenance when a row has no revision column.
    public var feedRevision: String?

    /// Creates a normalizer.
    public init(providerID: ProviderID = .csvFeed, mapping: CSVColumnMapping = .standard, feedRevision: String? = nil) {
        self.providerID = providerID
        self.mapping = mapping
        self.feedRevision = feedRevision
    }

    /// The fingerprint of a row: a digest of its header and fields, the provider id, the feed revision, the column
    /// mapping and the normalizer's revision; `nil` for a row the parser flagged (its warnings come from
    /// normalizing it).
    public func sourceFingerprint(of record: CSVRecord) -> String? {
        guard record.rejection == nil, record.issues.isEmpty else { return nil }
        var digest = SourceFingerprinter(seed: "csv.normalizer.1")
        digest.combine(providerID.rawValue)
        digest.combine(feedRevision.map { "revision " + $0 } ?? "")
        for (field, headers) in mapping.columns.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            digest.combine(field.rawValue)
            headers.forEach { digest.combine($0) }
        }
        digest.combine("header \(record.header.count)")
        record.header.forEach { digest.combine($0) }
        digest.combine("fields \(record.fields.count)")
        record.fields.forEach { digest.combine($0) }
        return digest.fingerprint
    }

    /// Normalizes one row.
    public func normalize(_ record: CSVRecord, context: NormalizationContext) -> Result<ImportedProduct, ImportRejection> {
        if let rejection = record.rejection { return .failure(rejection) }
        let columns = mapping.resolve(header: record.header)
        let limits = context.limits
        var warnings = record.issues
        func raw(_ field: CSVProductField) -> String? {
            guard let index = columns[field], index < record.fields.count else { return nil }
            return record.fields[index]
        }
        func line(_ field: CSVProductField, limit: Int = limits.maximumTextLength) -> String? {
            ImportText.line(raw(field), field: header(field, record, columns), limit: limit, warnings: &warnings)
        }
        func list(_ field: CSVProductField, separators: String) -> [String] {
            guard let text = raw(field) else { return [] }
            let parts = text.split(whereSeparator: { separators.contains($0) }).map(String.init)
            return ImportText.list(parts, field: header(field, record, columns), limits: limits, warnings: &warnings)
        }
        func number(_ field: CSVProductField) -> Double? {
            guard let text = raw(field)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            guard let value = ImportNumber.parse(text), value >= 0 else {
                warnings.append(.invalidValue(field: header(field, record, columns), reason: "\"\(text.prefix(40))\" is not a number of at least 0"))
                return nil
            }
            return value
        }

        let title = line(.title)
        let brand = line(.brand, limit: 200)
        let sku = line(.sku, limit: 200)
        let identity: ProductIdentity
        switch ProductIdentity.resolve(
            rawBarcode: raw(.barcode).map(Self.unquotedBarcode), providerKey: sku.map { "\(providerID.rawValue):sku:\($0)" },
            titleKey: title.map { ProductIdentity.titleKey($0, qualifier: brand) }, source: providerID.rawValue,
            warnings: &warnings)
        {
        case .success(let resolved): identity = resolved
        case .failure(let rejection): return .failure(rejection)
        }
        if title == nil { warnings.append(.missingTitle) }

        var product = Product(
            productID: identity.productID, barcode: identity.barcode, title: title, brand: brand,
            source: .importedFeed, createdAt: context.now, updatedAt: context.now)
        product.sku = sku
        product.shortDescription = line(.description)
        if let categoryText = line(.category, limit: 500) {
            let normalization = context.categories.normalize(categoryText)
            if normalization.isPassThrough { warnings.append(.unknownCategory(normalization.rawValue)) }
            product.category = normalization.category
        }
        product.size = line(.size, limit: 200)
        if let size = product.size {
            product.packaging = PackagingParser.parse(size)
            if product.packaging == nil { warnings.append(.unparsedQuantity(size)) }
        }

        var food = FoodDetails()
        if let ingredients = ImportText.block(raw(.ingredients), field: header(.ingredients, record, columns), limit: limits.maximumTextLength, warnings: &warnings) {
            let items = ImportText.list(IngredientList.split(ingredients), field: header(.ingredients, record, columns), limits: limits, warnings: &warnings)
            food.ingredients = items.isEmpty ? nil : items
        }
        let allergens = list(.allergens, separators: ",;")
        food.allergens = allergens.isEmpty ? nil : allergens
        food.servingSize = line(.servingSize, limit: 200)
        var facts = NutritionFacts()
        if let kcal = number(.energyKcal) {
            facts.energyKcal = kcal
        } else if let kilojoules = number(.energyKJ) {
            facts.energyKcal = ImportNumber.rounded(kilojoules / 4.184, places: 1)
            warnings.append(.substitutedValue(field: "energy kcal", source: header(.energyKJ, record, columns) + " ÷ 4.184"))
        }
        facts.fatG = number(.fat)
        facts.saturatedFatG = number(.saturatedFat)
        facts.carbsG = number(.carbohydrates)
        facts.sugarsG = number(.sugars)
        facts.fiberG = number(.fiber)
        facts.proteinG = number(.proteins)
        facts.saltG = number(.salt)
        facts.sodiumMg = number(.sodiumMg)
        if facts != NutritionFacts() { food.nutritionPer100gOrMl = facts }
        let foodDetails: FoodDetails? = food == FoodDetails() ? nil : food
        switch product.category?.main {
        case "beverage"?: product.productDetails = .beverage(foodDetails)
        case "food"?: product.productDetails = .food(foodDetails)
        default: product.productDetails = foodDetails.map { .food($0) }
        }

        if let text = line(.imageURL, limit: 2_048) {
            if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
                url.host != nil
            {
                product.images = [ProductImage(id: "\(providerID.rawValue).front", url: url, kind: .front, source: providerID.rawValue)]
            } else {
                warnings.append(.invalidValue(field: header(.imageURL, record, columns), reason: "\"\(text.prefix(80))\" is not an http(s) URL"))
            }
        }
        product.manufacturer = line(.manufacturer, limit: 200).map { ManufacturerNaming.manufacturer(named: $0) }
        product.countryOfOrigin = line(.countryOfOrigin, limit: 200)
        product.languageCodes = list(.languages, separators: ",; ").map { $0.lowercased() }
        product.searchKeywords = list(.keywords, separators: ",;")
        if let key = sku ?? identity.barcode?.value { product.references = [providerID.rawValue: key] }

        let revision = SourceRevision(revision: line(.revision, limit: 64) ?? feedRevision)
        product.recordDescribedProvenance(
            by: providerID, revision: revision.revision == nil ? nil : revision, synthetic: identity.synthetic,
            now: context.now)
        do {
            try product.validate()
        } catch {
            return .failure(.invalidProduct(product.productID, reason: error.description))
        }
        return .success(ImportedProduct(product: product, warnings: warnings))
    }

    /// The header a value was read from, for warnings (the value's name when it is not mapped).
    private func header(_ field: CSVProductField, _ record: CSVRecord, _ columns: [CSVProductField: Int]) -> String {
        guard let index = columns[field], index < record.header.count else { return field.rawValue }
        return record.header[index]
    }

    /// A barcode without spreadsheet quoting: `'0123` and `="0123"` read as `0123`.
    static func unquotedBarcode(_ raw: String) -> String {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("=\""), text.hasSuffix("\""), text.count >= 3 {
            text = String(text.dropFirst(2).dropLast())
        }
        if text.hasPrefix("'") { text.removeFirst() }
        return text
    }
}
