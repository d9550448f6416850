import Foundation
import InventoryKit

extension Product {
    /// The longest text any string field may hold, in characters.
    public static let maximumTextLength = 10_000

    /// The most Unicode scalars one character of a long text may hold (a base and its combining marks): a text
    /// longer than ``maximumTextLength`` bytes must not hide its size in a few characters made of thousands of
    /// combining marks. Real scripts and emoji sequences stay far below it (UAX #15 allows 30 marks in a row).
    public static let maximumScalarsPerCharacter = 32

    /// Checks the product's invariants.
    ///
    /// - identity: a product with a barcode has the barcode's canonical digits as its id;
    /// - `version` is at least 1, the dates are finite and `updatedAt` is not before `createdAt`;
    /// - every string (also in lists, maps and nested values) is at most ``maximumTextLength`` characters, none of
    ///   them made of more than ``maximumScalarsPerCharacter`` scalars;
    /// - image ids are unique and not empty, image sizes positive;
    /// - nutrition values are finite and not negative; confidences and scores are within 0…1;
    /// - a packaging quantity is greater than zero and a count at least 1;
    /// - related barcodes are valid GTINs in canonical form.
    ///
    /// - Throws: ``ProductValidationError/barcodeMismatch(productID:barcode:)`` for a broken identity, and
    ///   ``ProductValidationError/invalidField(_:reason:)`` naming the first field that breaks a rule.
    public func validate() throws(ProductValidationError) {
        if let barcode, barcode.value != productID.rawValue {
            throw .barcodeMismatch(productID: productID, barcode: barcode.value)
        }
        try validateVersionAndDates()
        try validateTexts()
        try validateBarcodeConfidence()
        try validateImages()
        try validateDetails()
        try validatePackaging()
        try validateScores()
        try validateRelatedBarcodes()
    }

    /// The part of ``validate()`` on the fields a write stamps: `version` is at least 1, the dates are finite and
    /// `updatedAt` is not before `createdAt` (for a product whose other fields were validated already).
    func validateVersionAndDates() throws(ProductValidationError) {
        guard version >= 1 else { throw .invalidField(.version, reason: "must be at least 1, found \(version)") }
        guard createdAt.timeIntervalSinceReferenceDate.isFinite else {
            throw .invalidField(.createdAt, reason: "is not a finite date")
        }
        guard updatedAt.timeIntervalSinceReferenceDate.isFinite else {
            throw .invalidField(.updatedAt, reason: "is not a finite date")
        }
        guard updatedAt >= createdAt else { throw .invalidField(.updatedAt, reason: "is before createdAt") }
    }

    /// Checks what a new local write must also satisfy, beyond ``validate()``: a title, when there is one, is not
    /// empty or blank (only white space or invisible characters). Stored and remote products are not held to it, so
    /// data written before the rule stays readable and syncable.
    ///
    /// - Throws: ``ProductValidationError/invalidField(_:reason:)`` naming the title.
    public func validateAsNewInput() throws(ProductValidationError) {
        try validate()
        if let title, title.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }) {
            throw .invalidField(.title, reason: title.isEmpty ? "is empty" : "is blank (only white space)")
        }
    }

    /// Checks that `self` is a valid update of `previous`: same id, same `createdAt`, `updatedAt` not earlier.
    ///
    /// - Throws: ``ProductValidationError/immutableProductID(_:attempted:)`` when the id differs,
    ///   ``ProductValidationError/nonMonotonicUpdatedAt(productID:previous:proposed:)`` when `updatedAt` moves
    ///   back, ``ProductValidationError/createdAtChanged(_:)`` when `createdAt` differs.
    public func validateTransition(from previous: Product) throws(ProductValidationError) {
        guard productID == previous.productID else {
            throw .immutableProductID(previous.productID, attempted: productID)
        }
        guard updatedAt >= previous.updatedAt else {
            throw .nonMonotonicUpdatedAt(productID: productID, previous: previous.updatedAt, proposed: updatedAt)
        }
        guard createdAt == previous.createdAt else { throw .createdAtChanged(productID) }
    }

    // MARK: - Rules

    private func validateTexts() throws(ProductValidationError) {
        try Self.check(title, .title)
        try Self.check(brand, .brand)
        try Self.check(shortDescription, .shortDescription)
        try Self.check(storageInstructions, .storageInstructions)
        try Self.check(category?.main, .category, "main")
        try Self.check(category?.sub, .category, "sub")
        try Self.check(size, .size)
        try Self.check(barcode?.source, .barcode, "source")
        for image in images {
            try Self.check(image.id, .images, "id")
            try Self.check(image.path, .images, "path")
            try Self.check(image.source, .images, "source")
            try Self.check(image.url?.absoluteString, .images, "url")
        }
        try Self.check(attributes, .attributes)
        if let extractionMetadata {
            try Self.check(extractionMetadata.extractorVersion, .extractionMetadata, "extractorVersion")
            try Self.check(extractionMetadata.rawSnippetsHash, .extractionMetadata, "rawSnippetsHash")
            try Self.check(extractionMetadata.fieldConfidence.keys, .extractionMetadata, "fieldConfidence")
        }
        if let compliance {
            try Self.check(compliance.regulatoryTags, .compliance, "regulatoryTags")
            try Self.check(compliance.marketCountries, .compliance, "marketCountries")
            try Self.check(compliance.restrictedFlags, .compliance, "restrictedFlags")
        }
        try Self.check(packaging?.displayText, .packaging, "displayText")
        if case .other(let name) = packaging?.unit { try Self.check(name, .packaging, "unit") }
        try validateDetailTexts()
        try Self.check(countryOfOrigin, .countryOfOrigin)
        try Self.check(certifications, .certifications)
        try Self.check(languageCodes, .languageCodes)
        try Self.check(searchKeywords, .searchKeywords)
        try Self.check(sku, .sku)
        try Self.check(additionalIdentifiers.map(\.value), .additionalIdentifiers)
        try Self.check(references, .references)
        if let manufacturer {
            try Self.check(manufacturer.name, .manufacturer, "name")
            try Self.check(manufacturer.slug, .manufacturer, "slug")
            try Self.check(manufacturer.summary, .manufacturer, "summary")
            try Self.check(manufacturer.aliases, .manufacturer, "aliases")
            try Self.check(manufacturer.metadata, .manufacturer, "metadata")
        }
    }

    private func validateDetailTexts() throws(ProductValidationError) {
        let field = ProductField.productDetails
        switch productDetails {
        case .food(let details?), .beverage(let details?):
            try Self.check(details.ingredients ?? [], field, "ingredients")
            try Self.check(details.allergens ?? [], field, "allergens")
            try Self.check(details.servingSize, field, "servingSize")
            try Self.check(details.quantityText, field, "quantityText")
            try Self.check(details.numberOfItemsText, field, "numberOfItemsText")
        case .household(let details?):
            try Self.check(details.usageInstructions ?? [], field, "usageInstructions")
            try Self.check(details.safetyWarnings ?? [], field, "safetyWarnings")
            try Self.check(details.materials ?? [], field, "materials")
        case .personalCare(let details?):
            try Self.check(details.usageDirections ?? [], field, "usageDirections")
            try Self.check(details.ingredients ?? [], field, "ingredients")
            try Self.check(details.warnings ?? [], field, "warnings")
            try Self.check(details.skinType ?? [], field, "skinType")
        case .collectible(let details?):
            let texts: [(String, String?)] = [
                ("platform", details.platform), ("publisher", details.publisher), ("developer", details.developer),
                ("creator", details.creator), ("genre", details.genre), ("productVersion", details.productVersion),
                ("mediaFormat", details.mediaFormat), ("systemRequirements.notes", details.systemRequirements?.notes),
                ("sourceCode.notes", details.sourceCode?.notes),
            ]
            for (name, text) in texts { try Self.check(text, field, name) }
        case .other(let details?):
            try Self.check(details.keyValue, field, "keyValue")
            try Self.check(details.inferredCategory, field, "inferredCategory")
        case .food(nil), .beverage(nil), .household(nil), .personalCare(nil), .collectible(nil), .other(nil), nil:
            break
        }
    }

    private func validateBarcodeConfidence() throws(ProductValidationError) {
        try Self.checkUnitInterval(barcode?.confidence, .barcode, "confidence")
    }

    private func validateImages() throws(ProductValidationError) {
        // Products have a handful of images: comparing each id with the ones before costs less than hashing.
        var seen: Set<String>? = images.count > 16 ? [] : nil
        for (index, image) in images.enumerated() {
            guard !image.id.isEmpty else { throw .invalidField(.images, reason: "an image has an empty id") }
            let repeated = seen == nil
                ? images[..<index].contains { $0.id == image.id } : seen?.insert(image.id).inserted == false
            guard !repeated else {
                throw .invalidField(.images, reason: "image id \"\(image.id.prefix(80))\" appears more than once")
            }
            func checkSide(_ name: String, _ value: Int?) throws(ProductValidationError) {
                guard let value, value < 1 else { return }
                throw .invalidField(.images, reason: "image \"\(image.id.prefix(80))\" has \(name) \(value)")
            }
            try checkSide("width", image.width)
            try checkSide("height", image.height)
        }
    }

    private func validateDetails() throws(ProductValidationError) {
        guard let nutrition = productDetails?.foodDetails?.nutritionPer100gOrMl else { return }
        for (name, value) in nutrition.namedValues {
            guard let value else { continue }
            guard value.isFinite, value >= 0 else {
                throw .invalidField(
                    .productDetails,
                    reason: "nutritionPer100gOrMl.\(name) must be a finite number not below 0, found \(value)")
            }
        }
    }

    private func validatePackaging() throws(ProductValidationError) {
        guard let packaging else { return }
        if let quantity = packaging.quantity, quantity.isNaN || quantity <= 0 {
            throw .invalidField(.packaging, reason: "quantity must be greater than 0, found \(quantity)")
        }
        if let count = packaging.count, count < 1 {
            throw .invalidField(.packaging, reason: "count must be at least 1, found \(count)")
        }
    }

    private func validateScores() throws(ProductValidationError) {
        try Self.checkUnitInterval(qualitySignals?.completenessScore, .qualitySignals, "completenessScore")
        for (name, confidence) in extractionMetadata?.fieldConfidence ?? [:] {
            try Self.checkUnitInterval(confidence, .extractionMetadata, "fieldConfidence[\(name.prefix(80))]")
        }
    }

    private func validateRelatedBarcodes() throws(ProductValidationError) {
        for raw in relatedBarcodes {
            let canonical: String
            do {
                canonical = try GTIN.normalize(raw)
            } catch {
                throw .invalidField(.relatedBarcodes, reason: "\"\(raw.prefix(80))\" is not a valid GTIN: \(error)")
            }
            guard canonical == raw else {
                throw .invalidField(
                    .relatedBarcodes, reason: "\"\(raw.prefix(80))\" is not in canonical form (\(canonical))")
            }
        }
    }

    // MARK: - Helpers

    private static func check(
        _ text: String?, _ field: ProductField, _ path: String? = nil
    ) throws(ProductValidationError) {
        guard let text, let problem = tooLong(text) else { return }
        let subject = path.map { "\($0) is " } ?? ""
        throw .invalidField(field, reason: "\(subject)\(problem)")
    }

    /// Why a text is too long, or `nil`. Texts of at most ``maximumTextLength`` bytes are never read further.
    private static func tooLong(_ text: String) -> String? {
        guard text.utf8.count > maximumTextLength else { return nil }
        if text.count > maximumTextLength { return "longer than \(maximumTextLength) characters (\(text.count))" }
        if let heavy = text.first(where: { $0.unicodeScalars.count > maximumScalarsPerCharacter }) {
            return "made of a character of \(heavy.unicodeScalars.count) scalars (at most \(maximumScalarsPerCharacter): "
                + "a letter buried under combining marks)"
        }
        return nil
    }

    private static func check(
        _ texts: some Sequence<String>, _ field: ProductField, _ path: String? = nil
    ) throws(ProductValidationError) {
        for text in texts {
            guard let problem = tooLong(text) else { continue }
            let subject = path.map { "an entry of \($0) is" } ?? "an entry is"
            throw .invalidField(field, reason: "\(subject) \(problem)")
        }
    }

    private static func check(
        _ map: [String: String], _ field: ProductField, _ path: String? = nil
    ) throws(ProductValidationError) {
        func check(_ texts: some Sequence<String>, _ part: String) throws(ProductValidationError) {
            for text in texts {
                guard let problem = tooLong(text) else { continue }
                let subject = path.map { "a \(part) of \($0) is" } ?? "a \(part) is"
                throw .invalidField(field, reason: "\(subject) \(problem)")
            }
        }
        try check(map.keys, "key")
        try check(map.values, "value")
    }

    private static func checkUnitInterval(
        _ value: Double?, _ field: ProductField, _ path: String
    ) throws(ProductValidationError) {
        guard let value else { return }
        guard value.isFinite, (0...1).contains(value) else {
            throw .invalidField(field, reason: "\(path) must be within 0...1, found \(value)")
        }
    }
}
