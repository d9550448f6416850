import Foundation
import InventoryKit
import ProductModule

/// Answers a scanned barcode with a product: the local catalog first, then a ``BarcodeLookup`` (Open Food Facts),
/// storing what it finds through the catalog's service so it syncs like any product.
///
/// - **Normalized, with provenance**: a found record goes through an ``ImportService`` with the
///   ``OpenFoodFactsNormalizer``: `primaryProvider` is the lookup's provider and every field names its
///   contributor.
/// - **Refresh merges**: ``ScanMode/refresh`` looks the barcode up even when the catalog has it and merges the
///   record with the import service's rule: values a person edited are never replaced.
/// - **Nothing half-stored**: not found, rate limited and unavailable store nothing; the raw response is cached
///   only after the product was stored.
/// - **Offline**: when the lookup is offline, or in ``ScanMode/offline``, the cached response answers.
/// - **One request per barcode at a time**: concurrent scans of one barcode on this service share one lookup and
///   one write. Processes that share a store coordinate around the call (a lock per barcode, held until the answer
///   is stored): the next scan then finds the product in the catalog (``ScanAnswer/inCatalog(_:)``).
///
/// ```swift
/// let scanner = ProductScanService(products: catalog, lookup: client, cache: cache)
/// switch try await scanner.product(forScannedBarcode: "3029330003533") {
/// case .inCatalog(let product), .stored(let product, _, _, _): show(product)
/// case .notFound: offerManualEntry()
/// case .rateLimited, .unavailable: showRetryLater()
/// }
/// ```
public actor ProductScanService {
    /// The catalog.
    public nonisolated let products: ProductModuleService
    /// The remote lookup.
    public nonisolated let lookup: any BarcodeLookup
    /// The cache of raw responses, if any.
    public nonisolated let cache: DataCache?
    /// Imports found records into the catalog.
    public nonisolated let importer: ImportService
    /// Normalizes records read back from the cache.
    public nonisolated let normalizer: OpenFoodFactsNormalizer

    private var inFlight: [String: Task<ScanAnswer, any Error>] = [:]

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - products: The catalog.
    ///   - lookup: The remote lookup (an ``OpenFoodFactsClient``).
    ///   - cache: Where raw responses are kept for offline scans; none by default.
    ///   - importer: The import service; one on `products` with the standard priority by default.
    ///   - normalizer: The normalizer of cached responses.
    public init(
        products: ProductModuleService, lookup: any BarcodeLookup, cache: DataCache? = nil, importer: ImportService? = nil,
        normalizer: OpenFoodFactsNormalizer = OpenFoodFactsNormalizer()
    ) {
        self.products = products
        self.lookup = lookup
        self.cache = cache
        self.importer = importer ?? ImportService(products: products)
        self.normalizer = normalizer
    }

    /// The cache key of a barcode's raw response.
    public nonisolated func cacheKey(for barcode: GTIN) -> String {
        "\(normalizer.providerID)/product/\(barcode.rawValue)"
    }

    /// The product for a scanned barcode.
    ///
    /// - Parameters:
    ///   - raw: The scanned or typed code; normalized by `GTIN.normalize` first.
    ///   - mode: Catalog then lookup (default), a refresh, or offline only.
    /// - Returns: the answer; only ``ScanAnswer/stored(_:source:created:changed:)`` wrote anything.
    /// - Throws: ``ScanError``: an invalid barcode, a record the catalog refused, or a storage failure.
    public func product(forScannedBarcode raw: String, mode: ScanMode = .standard) async throws(ScanError) -> ScanAnswer {
        let barcode: GTIN
        do { barcode = try GTIN(raw) } catch { throw .invalidBarcode(raw, error) }
        let key = "\(mode)/\(barcode.rawValue)"
        let task: Task<ScanAnswer, any Error>
        if let running = inFlight[key] {
            task = running
        } else {
            task = Task { try await self.answer(barcode, mode: mode) }
            inFlight[key] = task
        }
        defer { if inFlight[key] == task { inFlight[key] = nil } }
        do {
            return try await task.value
        } catch let error as ScanError {
            throw error
        } catch {
            throw .storageFailed(barcode, reason: String(describing: error))
        }
    }

    // MARK: - Steps

    private func answer(_ barcode: GTIN, mode: ScanMode) async throws -> ScanAnswer {
        if mode != .refresh {
            let known: Product?
            do { known = try await products.retrieveProduct(by: .barcode(barcode.rawValue)) } catch {
                throw ScanError.storageFailed(barcode, reason: String(describing: error))
            }
            if let known { return .inCatalog(known) }
        }
        if mode == .offline {
            return try await fromCache(barcode) ?? .unavailable(barcode, .offline(reason: "offline mode and nothing cached"))
        }
        switch await lookup.lookUp(barcode) {
        case .found(let record):
            let answer = try await store(record.body, barcode: barcode, source: .lookup(record.source))
            // Cached only once stored; a cache that fails costs the next offline scan, not this one.
            _ = try? await cache?.store(record.body, for: cacheKey(for: barcode))
            return answer
        case .notFound(let code):
            return .notFound(code)
        case .rateLimited(let code, let retryAfter):
            return try await fromCache(barcode) ?? .rateLimited(code, retryAfter: retryAfter)
        case .unavailable(let code, let reason):
            return try await fromCache(barcode) ?? .unavailable(code, reason)
        }
    }

    /// The answer from a cached response, or `nil` when nothing (intact and fresh) is cached.
    private func fromCache(_ barcode: GTIN) async throws -> ScanAnswer? {
        let key = cacheKey(for: barcode)
        guard let cache, let body = try? await cache.data(for: key) else { return nil }
        return try await store(body, barcode: barcode, source: .cache(key))
    }

    /// Imports one raw response and reads the stored product back.
    private func store(_ body: Data, barcode: GTIN, source: ScanSource) async throws -> ScanAnswer {
        let report: ImportReport<ProductID>
        do {
            report = try await importer.importRecords([body], from: normalizer)
        } catch {
            throw ScanError.storageFailed(barcode, reason: String(describing: error))
        }
        if let rejection = report.rejected.first { throw ScanError.rejected(barcode, rejection.reason) }
        guard let id = (report.created + report.updated + report.unchanged).first else {
            throw ScanError.rejected(barcode, .missingIdentity(barcode: barcode.rawValue))
        }
        let stored: Product?
        do { stored = try await products.retrieveProduct(by: .productID(id)) } catch {
            throw ScanError.storageFailed(barcode, reason: String(describing: error))
        }
        guard let stored else { throw ScanError.storageFailed(barcode, reason: "\(id) was not found after it was stored") }
        return .stored(stored, source: source, created: !report.created.isEmpty, changed: report.unchanged.isEmpty)
    }
}
