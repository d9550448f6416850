import Foundation
import InventoryKit
import InventorySync

// Every push round decodes the due product outbox entries (`OutboxEntry+RecordJSONReading`), and with them their
// changes: this path reads what `ProductOutboxEntry+Encoding` (or `JSONEncoder`) writes to the value `JSONDecoder`
// decodes with the synthesized `Decodable` conformance: `productId` and `stamp` required, `product`, `baseStamp`,
// `migratedTo` and `fieldClock` `nil` when absent or `null`; ids validated as `ProductID(from:)` validates them; the
// product read by `Product.read(from:)`; a field clock as `ProductFieldClock(from:)` decodes it. Anything else is left
// to `JSONDecoder`. `ProductOutboxEntryRecordJSONReadingTests` holds the two paths equal.

extension ProductChange: RecordJSONReadable {
    /// The members of the stored form (the conformance's `CodingKeys`).
    private enum Field: String, CaseIterable {
        case baseStamp, fieldClock, migratedTo, product, productID = "productId", stamp
    }

    /// The members' names, matched against a key's bytes.
    private static let keys = RecordJSONKeys(Field.self)
    /// The members by their position in ``keys``.
    private static let fields = Field.allCases

    /// Reads a change; `nil` (then `JSONDecoder` decodes the bytes) for an unknown, repeated or missing member, an
    /// invalid id, or a product `Product.read(from:)` leaves to `JSONDecoder`.
    package static func read(from reader: inout RecordJSONReader) -> ProductChange? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var productID: ProductID?
        var product: Product?
        var stamp: SyncStamp?
        var baseStamp: SyncStamp?
        var migratedTo: ProductID?
        var fieldClock: ProductFieldClock?
        while let position = reader.nextKey(keys, in: &object) {
            switch fields[position] {
            case .productID:
                guard let id = ProductID(rawValue: reader.string()) else { return reader.refuse() }
                productID = id
            case .migratedTo:
                if !reader.null() {
                    guard let id = ProductID(rawValue: reader.string()) else { return reader.refuse() }
                    migratedTo = id
                }
            case .product:
                if !reader.null() {
                    guard let read = Product.read(from: &reader) else { return reader.refuse() }
                    product = read
                }
            case .stamp: stamp = SyncStamp.read(from: &reader)
            case .baseStamp: baseStamp = reader.null() ? nil : SyncStamp.read(from: &reader)
            case .fieldClock: fieldClock = reader.null() ? nil : ProductFieldClock.read(from: &reader)
            }
            if reader.failed { return nil }
        }
        guard !reader.failed, let productID, let stamp else { return reader.refuse() }
        return ProductChange(
            productID: productID, product: product, stamp: stamp, baseStamp: baseStamp, migratedTo: migratedTo,
            fieldClock: fieldClock)
    }
}

extension ProductFieldClock {
    /// The members `write(to:)` writes (the conformance's `CodingKeys`).
    private enum Field: String, CaseIterable {
        case base, fields, replaced
    }

    /// The members' names, matched against a key's bytes.
    private static let keys = RecordJSONKeys(Field.self)
    /// The members by their position in ``keys``.
    private static let members = Field.allCases

    /// Reads a clock as `init(from:)` decodes it: `base` required, `fields` and `replaced` empty when absent or
    /// `null`; `nil` (refused) for anything else.
    fileprivate static func read(from reader: inout RecordJSONReader) -> ProductFieldClock? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var base: SyncStamp?
        var fields: [String: SyncStamp] = [:]
        var replaced: [String: SyncStamp] = [:]
        while let position = reader.nextKey(keys, in: &object) {
            switch members[position] {
            case .base: base = SyncStamp.read(from: &reader)
            case .fields: fields = reader.null() ? [:] : stamps(from: &reader)
            case .replaced: replaced = reader.null() ? [:] : stamps(from: &reader)
            }
            if reader.failed { return nil }
        }
        guard !reader.failed, let base else { return reader.refuse() }
        return ProductFieldClock(base: base, fields: fields, replaced: replaced)
    }

    /// An object of stamps by field name; a repeated name (equal as Swift compares strings) is refused.
    private static func stamps(from reader: inout RecordJSONReader) -> [String: SyncStamp] {
        var stamps: [String: SyncStamp] = [:]
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return [:] }
        while let name = reader.nextName(in: &object) {
            guard let stamp = SyncStamp.read(from: &reader), stamps.updateValue(stamp, forKey: name) == nil else {
                reader.fail()
                return [:]
            }
        }
        return stamps
    }
}
