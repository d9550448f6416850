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

    /// Fingerprints every record and, with `normalizeAll`, normalizes every record, on every core.
    static func prepare(
        _ records: [Provider.Record], provider: Provider, context: NormalizationContext, salt: String?,
        normalizeAll: Bool
    ) async -> PreparedBatch {
        var fingerprints = [String?](repeating: nil, count: records.count)
        var normalized = [Result<ImportedProduct, ImportRejection>?](repeating: nil, count: records.count)
        if normalizeAll {
            // The batch before is being written meanwhile: its writer keeps a core.
            let both = await ParallelWork.map(records, sparingCores: 1) { record in
                (Self.fingerprint(record, provider: provider, salt: salt), provider.normalize(record, context: context))
            }
            fingerprints = both.map(\.0)
            normalized = both.map(\.1)
        } else if salt != nil {
            // Records expected to be skipped leave the writer little to do: fingerprint them on every core.
            fingerprints = await ParallelWork.map(records) { Self.fingerprint($0, provider: provider, salt: salt) }
        }
        return PreparedBatch(records: records, context: context, fingerprints: fingerprints, normalized: normalized)
    }

    /// Normalizes the records at `positions` that are not normalized yet, on every core.
    mutating func normalize(_ positions: [Int], provider: Provider) async {
        let missing = positions.filter { normalized[$0] == nil }
        guard !missing.isEmpty else { return }
        let context = context
        let results = await ParallelWork.map(missing.map { records[$0] }) { provider.normalize($0, context: context) }
        for (position, result) in zip(missing, results) { normalized[position] = result }
    }

    private static func fingerprint(_ record: Provider.Record, provider: Provider, salt: String?) -> String? {
        guard let salt, let raw = provider.sourceFingerprint(of: record) else { return nil }
        var digest = SourceFingerprinter(seed: salt)
        digest.combine(raw)
        return digest.fingerprint
    }
}
