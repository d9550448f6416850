import Foundation
import InventoryKit
import ProductModule

extension ImportService {
    /// Writes a staged batch: one add (of products staging validated), then one update. When the catalog refuses a call, its products are written
    /// one at a time, each merged again with what the catalog then holds, so only the refused products are rejected.
    ///
    /// - Throws: a storage error; what was written before it stays written.
    nonisolated func write(_ batch: StagedBatch) async throws -> BatchWrite {
        var result = BatchWrite(report: ImportReport(provider: batch.report.provider), wasBulk: true)
        try await write(batch.additions, into: &result) { try await self.products.addProducts(validated: $0) }
        try await write(batch.updates, into: &result) { try await self.products.updateProducts($0) }
        return result
    }

    /// Writes staged products in one call; when the catalog refuses it, writes them one by one.
    private nonisolated func write(
        _ entries: [StagedProduct], into result: inout BatchWrite, _ call: ([Product]) async throws -> Void
    ) async throws {
        guard !entries.isEmpty else { return }
        do {
            try await call(entries.compactMap(\.product))
            entries.forEach { Self.record($0, report: &result.report) }
        } catch is ProductModuleError {
            result.wasBulk = false
            for entry in entries { try await writeAlone(entry, report: &result.report) }
        }
    }

    /// Writes one staged product on top of what the catalog holds now.
    private nonisolated func writeAlone(_ entry: StagedProduct, report: inout ImportReport<ProductID>) async throws {
        guard let product = entry.product else { return }
        let id = product.productID
        do {
            if let current = try await products.retrieveProduct(by: .productID(id)) {
                let result = merger.merge(product, into: current, now: clock.now())
                guard result.changed else {
                    var unchanged = entry
                    unchanged.outcomes = entry.outcomes.map { ($0.index, .unchanged) }
                    Self.record(unchanged, report: &report)
                    return
                }
                try await products.updateProducts([result.product])
            } else {
                try await products.addProducts([product])
            }
            Self.record(entry, report: &report)
        } catch let error as ProductModuleError {
            Self.reject(entry, .writeRefused(id, reason: error.description), report: &report)
        }
    }

    /// Lists each of the product's records under its outcome.
    static func record(_ entry: StagedProduct, id: ProductID? = nil, report: inout ImportReport<ProductID>) {
        guard let id = id ?? entry.product?.productID else { return }
        for (_, outcome) in entry.outcomes {
            switch outcome {
            case .created: report.created.append(id)
            case .updated: report.updated.append(id)
            case .unchanged: report.unchanged.append(id)
            }
        }
    }

    /// Rejects each of the product's records for `reason`.
    static func reject(_ entry: StagedProduct, _ reason: ImportRejection, report: inout ImportReport<ProductID>) {
        for (index, _) in entry.outcomes { report.rejected.append(ImportRejectionEntry(index: index, reason: reason)) }
    }
}
