import Foundation
import InventoryKit
import ProductModule

/// Normalizes collectibles and software records into canonical products with `ProductDetails/collectible(_:)`
/// details and a `StandardManufacturer`.
///
/// Identity: a valid barcode is the product id. Every record also has a deterministic UUID,
/// `InventoryIDGenerator/generate(for:semanticName:)` in the product namespace of the catalogue id
/// (`"collectibles:<catalogID>"`) or of `"<platform>/<title>"` — the product id of a barcode-less record
/// (`prd_<uuid>`), and the id ``CollectibleImporter`` gives client instances. The manufacturer's id is the
/// kit's semantic manufacturer id (`NamedEntityKind.manufacturer`: `InventoryIDGenerator` in the manufacturer
/// namespace of the name's key, legal forms folded), so `"Brøderbund"`, `"BRØDERBUND "` and
/// `"Brøderbund Inc."` are one manufacturer. A record with neither a valid barcode nor a title is rejected.
///
/// Texts are read as catalogues write them: memory and storage as `"48K"` or `"4 MB"` (bytes), speeds as
/// `"4.77 MHz"` (rounded to whole MHz), release dates as `"1983"`, `"1983-06"` or `"1983-06-15"` (midnight UTC),
/// an OS as `"MS-DOS 3.3"` (name and version).
public struct CollectibleNormalizer: ProductProvider {
    /// The raw record.
    public typealias Record = CollectibleRecord

    /// The provider recorded in provenance.
    public var providerID: ProviderID

    /// Creates a normalizer.
    public init(providerID: ProviderID = .collectibles) {
        self.providerID = providerID
    }

    /// The deterministic UUID of a record: from its catalogue id, else its platform and title, else its barcode;
    /// `nil` when it has none of them.
    public func productUUID(for record: CollectibleRecord) -> UUID? {
        identityKey(of: record).map { InventoryIDGenerator.generate(for: .product, semanticName: $0) }
    }

    /// The record's manufacturer, with a deterministic id, or `nil` when it names none.
    public func manufacturer(for record: CollectibleRecord) -> StandardManufacturer? {
        var ignored: [ImportWarning] = []
        return ImportText.line(record.manufacturer, field: "manufacturer", limit: 200, warnings: &ignored)
            .map { ManufacturerNaming.manufacturer(named: $0) }
    }

    /// Normalizes one record.
    public func normalize(
        _ record: CollectibleRecord, context: NormalizationContext
    ) -> Result<ImportedProduct, ImportRejection> {
        var warnings = record.decodingWarnings
        let limits = context.limits
        func line(_ text: String?, _ field: String, limit: Int = 500) -> String? {
            ImportText.line(text, field: field, limit: limit, warnings: &warnings)
        }
        let title = line(record.title, "title", limit: limits.maximumTextLength)
        let platform = line(record.platform, "platform")
        let catalogID = line(record.catalogID, "catalogID", limit: 200)
        let identity: ProductIdentity
        switch ProductIdentity.resolve(
            rawBarcode: record.barcode, providerKey: catalogID.map { "\(providerID.rawValue):\($0)" },
            titleKey: title.map { ProductIdentity.titleKey($0, qualifier: platform) }, source: providerID.rawValue,
            warnings: &warnings)
        {
        case .success(let resolved): identity = resolved
        case .failure(let rejection): return .failure(rejection)
        }
        if title == nil { warnings.append(.missingTitle) }

        var details = CollectibleDetails(
            platform: platform, publisher: line(record.publisher, "publisher"), developer: line(record.developer, "developer"),
            creator: line(record.creator, "creator"), genre: line(record.genre, "genre"),
            productVersion: line(record.productVersion, "productVersion"), mediaFormat: line(record.mediaFormat, "mediaFormat"))
        if let text = line(record.releaseDate, "releaseDate", limit: 64) {
            details.releaseDate = CollectibleValues.releaseDate(text)
            if details.releaseDate == nil {
                warnings.append(.invalidValue(field: "releaseDate", reason: "\"\(text)\" is not a date (YYYY, YYYY-MM or YYYY-MM-DD)"))
            }
        }
        details.systemRequirements = record.systemRequirements.flatMap { requirements(from: $0, warnings: &warnings) }

        var product = Product(
            productID: identity.productID, barcode: identity.barcode, title: title, source: .importedFeed,
            createdAt: context.now, updatedAt: context.now)
        product.productDetails = .collectible(details)
        product.shortDescription = ImportText.block(record.summary, field: "summary", limit: limits.maximumTextLength, warnings: &warnings)
        if let kind = line(record.kind, "kind", limit: 200) {
            let normalization = context.categories.normalize(kind)
            if normalization.isPassThrough { warnings.append(.unknownCategory(normalization.rawValue)) }
            product.category = normalization.category
        } else {
            product.category = ProductCategory(main: "software")
        }
        product.manufacturer = line(record.manufacturer, "manufacturer", limit: 200).map { ManufacturerNaming.manufacturer(named: $0) }
        if let catalogID { product.references = [providerID.rawValue: catalogID] }
        let revision = line(record.revision, "revision", limit: 64).map { SourceRevision(revision: $0) }
        product.recordDescribedProvenance(
            by: providerID, revision: revision, synthetic: identity.synthetic, now: context.now)
        do {
            try product.validate()
        } catch {
            return .failure(.invalidProduct(product.productID, reason: error.description))
        }
        return .success(ImportedProduct(product: product, warnings: warnings))
    }

    // MARK: - Values

    private func identityKey(of record: CollectibleRecord) -> String? {
        var ignored: [ImportWarning] = []
        if let catalogID = ImportText.line(record.catalogID, field: "catalogID", limit: 200, warnings: &ignored) {
            return "\(providerID.rawValue):\(catalogID)"
        }
        let platform = ImportText.line(record.platform, field: "platform", limit: 500, warnings: &ignored)
        if let title = ImportText.line(record.title, field: "title", limit: Product.maximumTextLength, warnings: &ignored) {
            return ProductIdentity.titleKey(title, qualifier: platform)
        }
        if let raw = record.barcode, let gtin = try? GTIN(raw) { return gtin.rawValue }
        return nil
    }

    private func requirements(
        from raw: CollectibleRequirements, warnings: inout [ImportWarning]
    ) -> StandardSystemRequirements? {
        func text(_ value: String?, _ field: String) -> String? {
            ImportText.line(value, field: "systemRequirements.\(field)", limit: 500, warnings: &warnings)
        }
        func bytes(_ value: String?, _ field: String) -> Int64? {
            guard let value = text(value, field) else { return nil }
            guard let bytes = CollectibleValues.bytes(value) else {
                warnings.append(.invalidValue(field: "systemRequirements.\(field)", reason: "\"\(value)\" is not a size such as 48K or 4 MB"))
                return nil
            }
            return bytes
        }
        var requirements = StandardSystemRequirements(
            minMemory: bytes(raw.memory, "memory"), recommendedMemory: bytes(raw.recommendedMemory, "recommendedMemory"),
            cpuFamily: text(raw.cpu, "cpu"), video: text(raw.video, "video"), audio: text(raw.audio, "audio"),
            minStorage: bytes(raw.storage, "storage"), notes: text(raw.notes, "notes"))
        if let speed = text(raw.cpuSpeed, "cpuSpeed") {
            requirements.minCpuSpeedMHz = CollectibleValues.megahertz(speed)
            if requirements.minCpuSpeedMHz == nil {
                warnings.append(.invalidValue(field: "systemRequirements.cpuSpeed", reason: "\"\(speed)\" is not a speed such as 1 MHz"))
            }
        }
        if let os = text(raw.os, "os") {
            let split = CollectibleValues.osNameAndVersion(os)
            requirements.osName = split.name
            requirements.minOsVersion = text(raw.osVersion, "osVersion") ?? split.version
        } else {
            requirements.minOsVersion = text(raw.osVersion, "osVersion")
        }
        return requirements == StandardSystemRequirements() ? nil : requirements
    }
}
