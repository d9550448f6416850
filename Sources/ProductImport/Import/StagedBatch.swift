import ProductModule

/// A batch merged with what the catalog held when it was read, ready to write: the new products, the changed
/// ones, and what staging already decided about the other records.
///
/// The import writes one batch while it stages the next. A staged batch is only valid if the write before it left
/// the catalog as its reads saw it, so it names every product it read or will write (``touched``): when that set
/// meets the batch written meanwhile, or that write fell back to one product at a time, the batch is staged again.
struct StagedBatch: Sendable {
    /// Products to add, in the order the batch first touched them.
    var additions: [StagedProduct] = []
    /// Stored products to update, in the order the batch first touched them.
    var updates: [StagedProduct] = []
    /// What staging decided: rejected records, warnings and products left as they were, in record order.
    var report: ImportReport<ProductID>
    /// Every product id the batch looked up, found or will write.
    var touched: Set<ProductID> = []
    /// How many records the batch holds.
    let count: Int

    /// Whether writing this batch leaves every other product id as it was: a batch that only adds products writes
    /// exactly the ids it names, while an update may move a product to its barcode's id and leave an alias.
    var writesOnlyTouchedIDs: Bool { updates.isEmpty }
}

/// A product a batch touches: the stored or new product, the records that touched it and whether it must be
/// written.
struct StagedProduct: Sendable {
    /// The product as merged so far; `nil` while only skipped records (unchanged by fingerprint) touched it.
    var product: Product?
    /// Whether the catalog holds the product.
    var isStored: Bool
    /// Whether the merged product differs from the stored one (or is new).
    var dirty: Bool
    /// The source fingerprint of the one record that made the product, recorded with the write; `nil` when
    /// several records of the batch touched it.
    var fingerprint: String?
    /// Each record's outcome, by position in the input.
    var outcomes: [(index: Int, outcome: ImportOutcome)]
}

/// What a record did to its product.
enum ImportOutcome: Sendable {
    case created, updated, unchanged
}

/// What writing a staged batch did.
struct BatchWrite: Sendable {
    /// The created, updated, unchanged and rejected records of the write.
    var report: ImportReport<ProductID>
    /// Whether the catalog took the batch's products in its bulk calls; `false` when it refused a call and the
    /// products were written one at a time, each merged again with what the catalog then held.
    var wasBulk: Bool
}
