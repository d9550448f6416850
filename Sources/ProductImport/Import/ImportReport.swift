/// What an import did with every record: created, updated, unchanged or rejected (with the reason), and the
/// warnings raised.
///
/// Every processed record has exactly one outcome, so `created.count + updated.count + unchanged.count +
/// rejected.count == processed`. A product created by one record and enriched by a later record of the same
/// run is listed once under each.
///
/// `ID` is the id of what was written: `ProductID` for ``ImportService``, the client's `RecordID` for
/// ``CollectibleImporter``.
public struct ImportReport<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The provider whose records were imported.
    public var provider: ProviderID
    /// Records given, when known.
    public var total: Int?
    /// Records handled (fewer than `total` when the import was cancelled or failed).
    public var processed: Int
    /// Ids of products created, one entry per record.
    public var created: [ID]
    /// Ids of products changed, one entry per record.
    public var updated: [ID]
    /// Ids of products already up to date, one entry per record.
    public var unchanged: [ID]
    /// Rejected records and why.
    public var rejected: [ImportRejectionEntry]
    /// Warnings, by record: the first ones, up to the importer's `keptWarnings` (all of them by default).
    public var warnings: [ImportWarningEntry]
    /// Warnings raised but not kept in ``warnings`` (beyond the importer's `keptWarnings`), so a huge feed's report
    /// stays small.
    public var omittedWarnings: Int = 0
    /// Whether the import stopped early because its task was cancelled.
    public var wasCancelled: Bool

    /// Creates an empty report.
    public init(provider: ProviderID, total: Int? = nil) {
        self.provider = provider
        self.total = total
        processed = 0
        created = []
        updated = []
        unchanged = []
        rejected = []
        warnings = []
        wasCancelled = false
    }

    /// The report as a progress value.
    public var progress: ImportProgress {
        ImportProgress(
            processed: processed, total: total, created: created.count, updated: updated.count,
            unchanged: unchanged.count, rejected: rejected.count, warnings: warningCount)
    }

    /// Every warning raised, kept or omitted.
    public var warningCount: Int { warnings.count + omittedWarnings }

    /// Whether every processed record left its product as it was.
    public var isAllUnchanged: Bool {
        processed > 0 && unchanged.count == processed
    }

    /// `"openfoodfacts: 1000 records, 990 created, 0 updated, 0 unchanged, 10 rejected, 42 warnings"`.
    public var description: String {
        "\(provider): \(processed) records, \(created.count) created, \(updated.count) updated, \(unchanged.count) unchanged, \(rejected.count) rejected, \(warningCount) warnings"
            + (wasCancelled ? " (cancelled)" : "")
    }
}
