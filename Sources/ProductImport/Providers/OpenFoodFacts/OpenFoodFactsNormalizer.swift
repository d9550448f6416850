import Foundation
import InventoryKit
import ProductModule

/// Normalizes Open Food Facts product JSON into canonical products.
///
/// Accepts every shape the API returns — the v0/v2 envelope `{"code", "product", "status": 1}`, the v3 envelope
/// (`"status": "success"`), and a bare product object from a search result — and rejects `{"status": 0}`
/// (not found), text that is not JSON, and records larger than ``ImportLimits/maximumRecordBytes``.
///
/// The mapping:
/// - **identity**: `code` normalized as a GTIN is the product id; an invalid code with a title gives an id made
///   from the brand and title (a warning, and the record is marked synthetic); neither is a rejection;
/// - **title**: `product_name`, else the name in a preferred language, the label's language (`lc`), English, the
///   label's other languages by how much they fill, then `generic_name`; the other languages' names become
///   search keywords;
/// - **brand**: the first of `brands`; `brand_owner` becomes the manufacturer (the kit's semantic manufacturer id);
/// - **category**: `categories_tags` (else the typed `categories`) through the ``CategoryNormalizer``; when no
///   tag is in the table, the most specific English (`en:`) tag passes through as an `other` category, and
///   tags in other languages (`fr:coca`) or typed text give no category, only a warning naming them;
///   beverages get `ProductDetails/beverage(_:)`
///   details, everything else `ProductDetails/food(_:)` (or personal care, pet food and other products by
///   `product_type`);
/// - **nutrition** per 100 g: energy in kcal (converted from kJ, ÷ 4.184, one decimal, when only kJ is given),
///   sodium converted from grams to milligrams; a negative or non-finite value, or one whose conversion is not
///   finite (`sodium_100g: 1e308`), is left out with a warning and the rest of the record imports;
/// - **packaging**: `quantity` parsed by ``PackagingParser``, else `product_quantity` with its unit;
/// - **images** with kinds (front, ingredients, nutrition, packaging); **languages** (`lc` first);
///   **certifications** from `labels_tags`; the `code` under `references["openfoodfacts"]`;
/// - **provenance**: every field set by Open Food Facts at revision `rev`, modified at `last_modified_t`.
///
/// ```swift
/// let normalizer = OpenFoodFactsNormalizer()
/// switch normalizer.normalize(jsonData, context: NormalizationContext(now: .now)) {
/// case .success(let imported): imported.product.title
/// case .failure(let rejection): rejection.description
/// }
/// ```
public struct OpenFoodFactsNormalizer: ProductProvider {
    /// The raw record: one JSON document.
    public typealias Record = Data

    /// The provider recorded in provenance.
    public var providerID: ProviderID
    /// Languages whose product name is preferred as the title when `product_name` is empty, such as `["de"]`.
    public var preferredLanguages: [String]

    /// Creates a normalizer.
    public init(providerID: ProviderID = .openFoodFacts, preferredLanguages: [String] = []) {
        self.providerID = providerID
        self.preferredLanguages = preferredLanguages
    }

    /// Normalizes one JSON document (an API response or a bare product object).
    public func normalize(_ record: Data, context: NormalizationContext) -> Result<ImportedProduct, ImportRejection> {
        Self.decode(record, limits: context.limits).flatMap { normalize(product: $0, context: context) }
    }

    /// Normalizes a decoded product object.
    public func normalize(
        product record: OpenFoodFactsProduct, context: NormalizationContext
    ) -> Result<ImportedProduct, ImportRejection> {
        var warnings = record.decodingWarnings
        let limits = context.limits
        let nameLanguages = nameLanguageOrder(record)
        let title = chooseTitle(record, languages: nameLanguages, limits: limits, warnings: &warnings)
        let brand = record.brands.flatMap { brands in
            brands.split(separator: ",").lazy.compactMap {
                ImportText.line(String($0), field: "brands", limit: limits.maximumTextLength, warnings: &warnings)
            }.first
        }
        let identity: ProductIdentity
        switch ProductIdentity.resolve(
            rawBarcode: record.code, providerKey: nil, titleKey: title.map { ProductIdentity.titleKey($0.text, qualifier: brand) },
            source: providerID.rawValue, warnings: &warnings)
        {
        case .success(let resolved): identity = resolved
        case .failure(let rejection): return .failure(rejection)
        }
        if title == nil { warnings.append(.missingTitle) }

        var product = Product(
            productID: identity.productID, barcode: identity.barcode, title: title?.text, brand: brand,
            source: .barcodeLookup, createdAt: context.now, updatedAt: context.now)
        product.shortDescription = ImportText.line(
            record.genericName, field: "generic_name", limit: limits.maximumTextLength, warnings: &warnings
        ).flatMap { $0.isSameIgnoringCase(as: title?.text ?? "") ? nil : $0 }
        product.category = category(of: record, context: context, warnings: &warnings)
        product.productDetails = details(of: record, category: product.category, limits: limits, warnings: &warnings)
        product.size = ImportText.line(record.quantity, field: "quantity", limit: limits.maximumTextLength, warnings: &warnings)
        product.packaging = packaging(of: record, printed: product.size, warnings: &warnings)
        product.images = images(of: record, warnings: &warnings)
        product.manufacturer = ImportText.line(
            record.brandOwner, field: "brand_owner", limit: 200, warnings: &warnings
        ).map { ManufacturerNaming.manufacturer(named: $0) }
        product.certifications = ImportText.list(
            record.labelsTags.map(Self.withoutEnglishPrefix), field: "labels_tags", limits: limits, warnings: &warnings)
        product.languageCodes = languages(of: record)
        product.searchKeywords = otherNames(
            of: record, languages: nameLanguages, title: title?.text, limits: limits, warnings: &warnings)
        if let code = identity.barcode?.value ?? record.code.map({ String($0.prefix(64)) }) {
            product.references = [providerID.rawValue: code]
        }
        let revision = SourceRevision(revision: record.revision.map(String.init), revisedAt: record.lastModified)
        product.recordDescribedProvenance(
            by: providerID, revision: revision, synthetic: identity.synthetic, now: context.now)
        do {
            try product.validate()
        } catch {
            return .failure(.invalidProduct(product.productID, reason: error.description))
        }
        return .success(ImportedProduct(product: product, warnings: warnings))
    }

    /// The fingerprint of a record: a digest of its bytes, the provider id, the preferred languages and the
    /// normalizer's revision (raised whenever the mapping changes), so equal fingerprints mean equal products.
    public func sourceFingerprint(of record: Data) -> String? {
        var digest = SourceFingerprinter(seed: Self.fingerprintRevision)
        digest.combine(providerID.rawValue)
        for language in preferredLanguages { digest.combine(language) }
        digest.combine(record)
        return digest.fingerprint
    }

    /// Raised whenever the mapping from records to products changes, so records imported before are normalized
    /// again.
    static let fingerprintRevision = "openfoodfacts.normalizer.1"

    // MARK: - Decoding

    /// Reads the product object out of a JSON document.
    ///
    /// - Returns: the product, or ``ImportRejection/recordTooLarge(bytes:limit:)``,
    ///   ``ImportRejection/unparseable(reason:)``, ``ImportRejection/productNotFound(code:)`` or
    ///   ``ImportRejection/unexpectedShape(_:)``.
    public static func decode(_ data: Data, limits: ImportLimits = .standard) -> Result<OpenFoodFactsProduct, ImportRejection> {
        guard data.count <= limits.maximumRecordBytes else {
            return .failure(.recordTooLarge(bytes: data.count, limit: limits.maximumRecordBytes))
        }
        let document: JSONParser.FilteredDocument
        do {
            document = try JSONParser.parse(data, keeping: envelopeFilter)
        } catch {
            return .failure(.unparseable(reason: error.description))
        }
        let value = document.value
        guard let object = value.objectValue else {
            return .failure(.unexpectedShape("\(value.kindDescription), not a JSON object"))
        }
        var envelope = LenientObjectReader(object)
        let envelopeCode = envelope.text("code")
        if let product = object["product"]?.objectValue, !product.isEmpty || document.skippedMembers(at: ["product"]) {
            if isNotFound(object["status"]) { return .failure(.productNotFound(code: envelopeCode)) }
            var decoded = OpenFoodFactsProduct(json: product)
            if decoded.code?.isEmpty ?? true { decoded.code = envelopeCode }
            return .success(decoded)
        }
        if isNotFound(object["status"]) { return .failure(.productNotFound(code: envelopeCode)) }
        if case .array(let products)? = object["products"] {
            return .failure(.unexpectedShape("a search result with \(products.count) products; import each product"))
        }
        return .success(OpenFoodFactsProduct(json: object))
    }

    /// The members ``decode(_:limits:)`` reads: of the envelope `code`, `status`, `products` (only its length) and
    /// `product`, whose members are filtered as the product's; of a bare product object, the product's members.
    /// The rest of a record is validated but not built.
    static let envelopeFilter: JSONMemberFilter = {
        let product = OpenFoodFactsProduct.memberFilter
        return JSONMemberFilter(
            names: product.names.union(["code", "status", "products", "product"]), prefixes: product.prefixes,
            nested: product.nested.merging(["product": product]) { _, envelope in envelope })
    }()

    /// Splits JSON Lines (one document per line, as in Open Food Facts' JSONL dump) into records; blank lines
    /// are skipped.
    public static func records(fromJSONLines data: Data) -> [Data] {
        data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { line in
            let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            return trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? nil : Data(trimmed)
        }
    }

    /// Whether an envelope's `status` says the product was not found (`0`, `"failure"`, …).
    static func isNotFound(_ status: JSONValue?) -> Bool {
        switch status {
        case .number(let value)?: value == 0
        case .string(let text)?: ["0", "failure", "product_not_found", "not_found"].contains(text.lowercased())
        default: false
        }
    }

    // MARK: - Fields

    /// The title and the field it came from; `languages` is ``nameLanguageOrder(_:)`` of the record.
    private func chooseTitle(
        _ record: OpenFoodFactsProduct, languages: [String], limits: ImportLimits, warnings: inout [ImportWarning]
    ) -> (text: String, source: String)? {
        var candidates: [(source: String, text: String?)] = [("product_name", record.productName)]
        for language in languages {
            candidates.append(("product_name_\(language)", record.localizedProductNames[language]))
        }
        candidates.append(("generic_name", record.genericName))
        for candidate in candidates {
            // A candidate that cleans to nothing leaves no warning; the chosen one leaves its cleaning's warnings.
            var lineWarnings: [ImportWarning] = []
            guard let text = ImportText.line(
                candidate.text, field: candidate.source, limit: limits.maximumTextLength, warnings: &lineWarnings)
            else { continue }
            warnings.append(contentsOf: lineWarnings)
            if candidate.source != "product_name" {
                warnings.append(.substitutedValue(field: "product_name", source: candidate.source))
            }
            return (text, candidate.source)
        }
        return nil
    }

    /// The languages whose names are tried, in order: preferred, the label's, English, the label's other
    /// languages by how many fields they fill, then every other name by code.
    private func nameLanguageOrder(_ record: OpenFoodFactsProduct) -> [String] {
        var order: [String] = []
        func add(_ language: String?) {
            guard let language, !order.contains(language) else { return }
            order.append(language)
        }
        preferredLanguages.forEach(add)
        add(record.languageCode)
        add("en")
        record.languageFieldCounts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key).forEach(add)
        record.localizedProductNames.keys.sorted().forEach(add)
        return order.filter { record.localizedProductNames[$0] != nil }
    }

    /// The names in other languages than the title's, for search; `languages` is ``nameLanguageOrder(_:)``.
    private func otherNames(
        of record: OpenFoodFactsProduct, languages: [String], title: String?, limits: ImportLimits,
        warnings: inout [ImportWarning]
    ) -> [String] {
        var names: [String] = []
        for language in languages {
            guard let name = ImportText.line(
                record.localizedProductNames[language], field: "product_name_\(language)", limit: 200, warnings: &warnings),
                !name.isSameIgnoringCase(as: title ?? ""),
                !names.contains(where: { $0.isSameIgnoringCase(as: name) })
            else { continue }
            names.append(name)
        }
        return Array(names.prefix(min(20, limits.maximumListCount)))
    }

    private func category(
        of record: OpenFoodFactsProduct, context: NormalizationContext, warnings: inout [ImportWarning]
    ) -> ProductCategory? {
        var tags = record.categoriesTags
        var field = "categories_tags"
        if tags.isEmpty, let typed = record.categories {
            tags = typed.split(separator: ",").map(String.init)
            field = "categories"
        }
        var ignored: [ImportWarning] = []
        tags = tags.compactMap { ImportText.line($0, field: field, limit: 200, warnings: &ignored) }
        guard var normalization = context.categories.normalize(tags: tags) else { return nil }
        if normalization.isPassThrough {
            let english = field == "categories_tags" ? tags.filter { $0.lowercased().hasPrefix("en:") } : []
            guard let passThrough = context.categories.normalize(tags: english) else {
                let raw = tags.suffix(5).map { "\"\($0.prefix(80))\"" }.joined(separator: ", ")
                warnings.append(.invalidValue(field: field, reason: "\(raw): not English and not in the category table; no category"))
                return nil
            }
            normalization = passThrough
            warnings.append(.unknownCategory(normalization.rawValue))
        }
        return normalization.category
    }

    private func details(
        of record: OpenFoodFactsProduct, category: ProductCategory?, limits: ImportLimits,
        warnings: inout [ImportWarning]
    ) -> ProductDetails {
        switch record.productType?.lowercased() {
        case "beauty"?: return .personalCare(nil)
        case "petfood"?: return .other(UnknownDetails(inferredCategory: "petfood"))
        case "product"?: return .other(nil)
        default: break
        }
        var food = FoodDetails()
        if let text = ImportText.block(
            record.ingredientsText, field: "ingredients_text", limit: limits.maximumTextLength, warnings: &warnings)
        {
            let items = ImportText.list(IngredientList.split(text), field: "ingredients_text", limits: limits, warnings: &warnings)
            food.ingredients = items.isEmpty ? nil : items
        }
        let allergens = ImportText.list(
            record.allergensTags.map(Self.withoutEnglishPrefix), field: "allergens_tags", limits: limits, warnings: &warnings)
        food.allergens = allergens.isEmpty ? nil : allergens
        food.servingSize = ImportText.line(record.servingSize, field: "serving_size", limit: 200, warnings: &warnings)
        if !record.noNutritionData { food.nutritionPer100gOrMl = nutrition(record.nutriments, warnings: &warnings) }
        let details: FoodDetails? = food == FoodDetails() ? nil : food
        return category?.main == "beverage" ? .beverage(details) : .food(details)
    }

    private func nutrition(_ nutriments: OpenFoodFactsNutriments, warnings: inout [ImportWarning]) -> NutritionFacts? {
        /// The value converted, or `nil` with a warning when it or its conversion is negative or not finite.
        func checked(_ value: Double?, _ key: String, _ convert: (Double) -> Double = { $0 }) -> Double? {
            guard let value else { return nil }
            guard value.isFinite, value >= 0 else {
                warnings.append(.invalidValue(field: "nutriments.\(key)", reason: value.isFinite ? "\(value) is negative" : "\(value) is not finite"))
                return nil
            }
            let converted = convert(value)
            guard converted.isFinite, converted >= 0 else {
                warnings.append(.invalidValue(field: "nutriments.\(key)", reason: "\(value) is out of range"))
                return nil
            }
            return converted
        }
        let fromKJ = { (kilojoules: Double) in ImportNumber.rounded(kilojoules / 4.184, places: 1) }
        var facts = NutritionFacts()
        if let kcal = checked(nutriments.energyKcal, "energy-kcal_100g") {
            facts.energyKcal = kcal
        } else if let kcal = checked(nutriments.energyKJ, "energy-kj_100g", fromKJ) ?? checked(nutriments.energy, "energy_100g", fromKJ) {
            facts.energyKcal = kcal
            warnings.append(.substitutedValue(field: "nutriments.energy-kcal_100g", source: "energy in kJ ÷ 4.184"))
        }
        facts.fatG = checked(nutriments.fat, "fat_100g")
        facts.saturatedFatG = checked(nutriments.saturatedFat, "saturated-fat_100g")
        facts.carbsG = checked(nutriments.carbohydrates, "carbohydrates_100g")
        facts.sugarsG = checked(nutriments.sugars, "sugars_100g")
        facts.fiberG = checked(nutriments.fiber, "fiber_100g")
        facts.proteinG = checked(nutriments.proteins, "proteins_100g")
        facts.saltG = checked(nutriments.salt, "salt_100g")
        facts.sodiumMg = checked(nutriments.sodium, "sodium_100g") { ImportNumber.rounded($0 * 1000, places: 3) }
        return facts == NutritionFacts() ? nil : facts
    }

    private func packaging(
        of record: OpenFoodFactsProduct, printed: String?, warnings: inout [ImportWarning]
    ) -> ProductPackaging? {
        if let printed, let parsed = PackagingParser.parse(printed) { return parsed }
        if let amount = record.productQuantity, amount.isFinite, amount > 0,
            let unitText = record.productQuantityUnit?.trimmingCharacters(in: .whitespaces), !unitText.isEmpty,
            let quantity = Decimal(string: "\(amount)", locale: Locale(identifier: "en_US_POSIX"))
        {
            warnings.append(.substitutedValue(field: "quantity", source: "product_quantity"))
            return ProductPackaging(quantity: quantity, unit: PackagingUnit(parsing: unitText), count: 1, displayText: printed)
        }
        if let printed { warnings.append(.unparsedQuantity(printed)) }
        return nil
    }

    private func images(of record: OpenFoodFactsProduct, warnings: inout [ImportWarning]) -> [ProductImage] {
        let sources: [(String, String?, ProductImageKind)] = [
            ("image_front_url", record.imageFrontURL, .front),
            ("image_ingredients_url", record.imageIngredientsURL, .ingredients),
            ("image_nutrition_url", record.imageNutritionURL, .nutrition),
            ("image_packaging_url", record.imagePackagingURL, .packaging),
        ]
        return sources.compactMap { field, text, kind in
            guard let text = text?.trimmedText(), !text.isEmpty else { return nil }
            guard text.utf8.count <= 2_048, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "https" || scheme == "http", url.host != nil
            else {
                warnings.append(.invalidValue(field: field, reason: "\"\(text.prefix(80))\" is not an http(s) URL"))
                return nil
            }
            return ProductImage(id: "\(providerID.rawValue).\(kind.rawValue)", url: url, kind: kind, source: providerID.rawValue)
        }
    }

    private func languages(of record: OpenFoodFactsProduct) -> [String] {
        var codes: [String] = []
        if let main = record.languageCode?.lowercased(), OpenFoodFactsProduct.isLanguageCode(main) { codes.append(main) }
        for (code, _) in record.languageFieldCounts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) })
        where !codes.contains(code) {
            codes.append(code)
        }
        return codes
    }

    /// `"en:peanuts"` → `"peanuts"`; other language prefixes are kept, as the tag is not English.
    static func withoutEnglishPrefix(_ tag: String) -> String {
        let trimmed = tag.trimmedText(newlines: false)
        return trimmed.lowercased().hasPrefix("en:") ? String(trimmed.dropFirst(3)) : trimmed
    }
}
