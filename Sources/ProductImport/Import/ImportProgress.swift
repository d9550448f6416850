/// How far an import has come, as ``ImportJob/progress`` reports it after every batch.
public struct ImportProgress: Hashable, Sendable, CustomStringConvertible {
    /// Records handled so far.
    public var processed: Int
    /// Records given, when known.
    public var total: Int?
    /// Records that created a product.
    public var created: Int
    /// Records that changed an existing product.
    public var updated: Int
    /// Records whose product was already up to date.
    public var unchanged: Int
    /// Records rejected.
    public var rejected: Int
    /// Warnings raised so far.
    public var warnings: Int

    /// Creates a progress value.
    public init(
        processed: Int = 0, total: Int? = nil, created: Int = 0, updated: Int = 0, unchanged: Int = 0,
        rejected: Int = 0, warnings: Int = 0
    ) {
        self.processed = processed
        self.total = total
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.rejected = rejected
        self.warnings = warnings
    }

    /// The part done, 0 through 1, when the total is known.
    public var fractionCompleted: Double? {
        guard let total else { return nil }
        return total == 0 ? 1 : Double(processed) / Double(total)
    }

    /// `"120/1000: 100 created, 10 updated, 8 unchanged, 2 rejected"`.
    public var description: String {
        "\(processed)/\(total.map(String.init) ?? "?"): \(created) created, \(updated) updated, \(unchanged) unchanged, \(rejected) rejected"
    }
}
