import Foundation
import InventoryKit
import InventorySync

extension OutboxEntry where Payload == ProductChange {
    /// The entry as `RecordCoding.encode(self)` writes it, byte for byte, with `productPayload` — the bytes
    /// `RecordCoding` wrote for the change's product — spliced in: a store writing a product and its outbox
    /// entry in one commit encodes the product once.
    ///
    /// ```swift
    /// let productBytes = try RecordCoding.encode(product)
    /// let entryBytes = try entry.encoded(withProductPayload: productBytes) ?? RecordCoding.encode(entry)
    /// ```
    ///
    /// - Parameter productPayload: `RecordCoding.encode(entry.payload.product)`; other bytes make another entry.
    /// - Returns: `nil` for a deletion, which has no product to splice.
    /// - Throws: `EncodingError` for a date that is not finite.
    public func encoded(withProductPayload productPayload: Data) throws -> Data? {
        guard payload.product != nil else { return nil }
        let change = payload
        return try recordJSON { writer in
            writer.beginObject()
            if let baseStamp = change.baseStamp {
                writer.member("baseStamp")
                try baseStamp.write(to: &writer)
            }
            if let fieldClock = change.fieldClock {
                writer.member("fieldClock")
                try fieldClock.write(to: &writer)
            }
            if let migratedTo = change.migratedTo {
                writer.member("migratedTo")
                writer.string(migratedTo.rawValue)
            }
            writer.member("product")
            writer.raw(productPayload)
            writer.member("productId")
            writer.string(change.productID.rawValue)
            writer.member("stamp")
            try change.stamp.write(to: &writer)
            writer.endObject()
        }
    }
}
