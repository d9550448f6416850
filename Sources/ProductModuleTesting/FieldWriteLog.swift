import Foundation
import InventorySync
import ProductModule

/// What a test of field-by-field merges remembers of the writes its devices made, and what it expects after they
/// all synced: each field at the value of its latest-stamped write, and each write that did not survive — and that
/// no later write was made on top of — named as the discarded value of a conflict record.
///
/// ```swift
/// var log = FieldWriteLog()
/// let before = try #require(try await store.syncRecord(id)).resolvedFieldClock
/// try await service.updateProducts([edited])
/// let after = try #require(try await store.syncRecord(id))
/// log.record(edited, fields: [.title], stamp: after.stamp, before: before)
/// // … sync everything, then:
/// #expect(log.mismatches(in: finalProducts).isEmpty)
/// #expect(log.unrecordedLosses(in: conflictRecords).isEmpty)
/// ```
public struct FieldWriteLog: Sendable {
    /// One local write of one field.
    public struct Write: Hashable, Sendable {
        /// The product.
        public var productID: ProductID
        /// The field.
        public var field: ProductField
        /// The value written, as `Product.text(of:)` shows it.
        public var value: String?
        /// The write's stamp.
        public var stamp: SyncStamp
        /// The stamp of the value it replaced on its device.
        public var replaced: SyncStamp
    }

    /// Every write recorded, in order.
    public private(set) var writes: [Write] = []

    /// An empty log.
    public init() {}

    /// The text fields ``edit(_:fields:tag:in:store:)`` writes.
    public static let editableFields: [ProductField] = [
        .title, .brand, .size, .shortDescription, .countryOfOrigin, .searchKeywords,
    ]

    /// One to `count` of the ``editableFields``, drawn from `random`.
    public static func randomFields(upTo count: Int, using random: inout some RandomNumberGenerator) -> Set<ProductField> {
        Set((0..<Int.random(in: 1...max(1, count), using: &random)).map { _ in
            editableFields[Int.random(in: 0..<editableFields.count, using: &random)]
        })
    }

    /// Sets each of `fields` of product `id` to `<field>-<tag>` through `service` (an update of the local product)
    /// and records the writes, with the field clock `store` held before and the stamp it holds after. A product the
    /// device does not hold is left alone.
    ///
    /// - Throws: what the service and the store throw.
    public mutating func edit(
        _ id: ProductID, fields: Set<ProductField>, tag: String, in service: ProductModuleService, store: any ProductStore
    ) async throws {
        guard var product = try await service.retrieveProduct(by: .productID(id)),
            let before = try await store.syncRecord(id)?.resolvedFieldClock
        else { return }
        for field in fields {
            let value = "\(field.rawValue)-\(tag)"
            switch field {
            case .title: product.title = value
            case .brand: product.brand = value
            case .size: product.size = value
            case .shortDescription: product.shortDescription = value
            case .countryOfOrigin: product.countryOfOrigin = value
            default: product.searchKeywords = [value]
            }
        }
        try await service.updateProducts([product])
        guard let after = try await store.syncRecord(id) else { return }
        record(product, fields: fields, stamp: after.stamp, before: before)
    }

    /// Records that `product`'s `fields` were written at `stamp`, over a state whose clock was `before`.
    public mutating func record(_ product: Product, fields: some Sequence<ProductField>, stamp: SyncStamp, before: ProductFieldClock) {
        for field in fields {
            writes.append(
                Write(
                    productID: product.productID, field: field, value: product.text(of: field), stamp: stamp,
                    replaced: before.stamp(of: field)))
        }
    }

    /// The latest-stamped write of each product's field.
    public var latest: [ProductID: [ProductField: Write]] {
        var latest: [ProductID: [ProductField: Write]] = [:]
        for write in writes where latest[write.productID]?[write.field].map({ $0.stamp < write.stamp }) ?? true {
            latest[write.productID, default: [:]][write.field] = write
        }
        return latest
    }

    /// The fields of `products` that do not hold their latest write's value, as `"<field> of <id>: <held> ≠
    /// <expected>"`; a product written but missing is named too.
    public func mismatches(in products: [ProductID: Product]) -> [String] {
        latest.flatMap { id, fields in
            fields.values.compactMap { write -> String? in
                guard let product = products[id] else { return "product \(id) is missing" }
                let held = product.text(of: write.field)
                return held == write.value ? nil : "\(write.field) of \(id): \(held ?? "nil") ≠ \(write.value ?? "nil")"
            }
        }.sorted()
    }

    /// The writes that did not survive and were not written over by a later write made on top of them: lost to a
    /// concurrent write.
    public var concurrentLosses: [Write] {
        let latest = self.latest
        let writtenOver = Set(writes.map(\.replaced))
        return writes.filter { latest[$0.productID]?[$0.field]?.stamp != $0.stamp && !writtenOver.contains($0.stamp) }
    }

    /// The ``concurrentLosses`` that are not the discarded value of any of `records`.
    public func unrecordedLosses(in records: [SyncConflictRecord]) -> [Write] {
        concurrentLosses.filter { write in
            !records.contains {
                $0.entityID == write.productID.rawValue && $0.decision.field == write.field.rawValue
                    && $0.decision.discarded?.stamp == write.stamp && $0.decision.discarded?.text == write.value
            }
        }
    }
}
