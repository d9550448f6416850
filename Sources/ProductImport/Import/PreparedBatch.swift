import Foundation
import ProductModule

/// A batch of records after the work that needs no catalog: each record's source fingerprint and, when the
/// import expects to need it, its normalized product. Prepared on every core while the batch before is written.
struct PreparedBatch<Provider: ProductProvider>: Sendable {
    /// The records, in input order.
    let records: [Provider.Record]
    /// The normalization settings, with the batch's import time.
    let context: NormalizationContext
    /// Each record's fingerprint (salted with the run's settings), or `nil`.
    let fingerprints: [String?]
    /// Each record's normalization, or `nil` when it was left for later (a record expected to be skipped).
    var normalized: [Result<ImportedProduct, ImportRejection>?]
    /// Whether each record's normalized product passed `Product.validateAsNewInput()` (checked on every core with
    /// the normalization, so neither the batch nor the catalog's command checks a new product again); `false` when
    /// not normalized or invalid.
    var validated: [Bool]

    /// Fingerprints every record and, with `normalizeAll`, normalizes every record, on every core.
    static func prepare(
        _ records: [Provider.Record], provider: Provider, context: NormalizationContext, salt: String?,
        normalizeAll: Bool
    ) async -> PreparedBatch {
        var fingerprints = [String?](repeating: nil, count: records.count)
        var normalized = [Result<ImportedProduct, ImportRejection>?](repeating: nil, count: records.count)
        var validated = [Bool](repeating: false, count: records.count)
        if normalizeAll {
            // The batch before is being written meanwhile: its writer keeps a core.
            let all = await ParallelWork.map(records, sparingCores: 1) { record in
                let result = provider.normalize(record, context: context)
                return (Self.fingerprint(record, provider: provider, salt: salt), result, Self.isValid(result))
            }
            fingerprints = all.map(\.0)
            normalized = all.map(\.1)
            validated = all.map(\.2)
        } else if salt != nil {
            // Records expected to be skipped leave the writer little to do: fingerprint them on every core.
            fingerprints = await ParallelWork.map(records) { Self.fingerprint($0, provider: provider, salt: salt) }
        }
        return PreparedBatch(
            records: records, context: context, fingerprints: fingerprints, normalized: normalized, validated: validated)
    }

    /// Normalizes the records at `positions` that are not normalized yet, on every core.
    mutating func normalize(_ positions: [Int], provider: Provider) async {
        let missing = positions.filter { normalized[$0] == nil }
        guard !missing.isEmpty else { return }
        let context = context
        let results = await ParallelWork.map(missing.map { records[$0] }) { record in
            let result = provider.normalize(record, context: context)
            return (result, Self.isValid(result))
        }
        for (position, result) in zip(missing, results) {
            normalized[position] = result.0
            validated[position] = result.1
        }
    }

    /// Whether a normalization succeeded with a product that passes `Product.validateAsNewInput()`.
    private static func isValid(_ result: Result<ImportedProduct, ImportRejection>) -> Bool {
        guard case .success(let imported) = result else { return false }
        return (try? imported.product.validateAsNewInput()) != nil
    }

    private static func fingerprint(_ record: Provider.Record, provider: Provider, salt: String?) -> String? {
        guard let salt, let raw = provider.sourceFingerprint(of: record) else { return nil }
        var digest = SourceFingerprinter(seed: salt)
        digest.combine(raw)
        return digest.fingerprint
    }
}
