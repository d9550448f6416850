import Crypto
import Foundation
import GRDBSQLite

/// A SHA-256 over every row of the product tables, in primary-key order, each value with its SQLite type: two
/// databases with equal digests hold the same rows.
enum TableDigest {
    /// The product module's tables and their keys.
    static let productTables = [
        ("products", "product_id"), ("product_sync", "product_id"), ("product_outbox", "operation_id"),
        ("product_tombstones", "product_id"),
    ]

    /// The digest of the product tables of the database at `path`, with each table's row count.
    static func productTables(at path: String) throws -> String {
        let database = try RawDatabase(path: path)
        var parts: [String] = []
        for (table, key) in productTables {
            let statement = try database.prepare("SELECT * FROM \(table) ORDER BY \(key)")
            var hasher = SHA256()
            var rows = 0
            while try statement.step() {
                rows += 1
                for column in 0..<statement.columnCount {
                    let value = statement.rawValue(column)
                    var header = (value.type, Int32(value.bytes.count))
                    withUnsafeBytes(of: &header) { hasher.update(bufferPointer: $0) }
                    if value.bytes.count > 0 { hasher.update(bufferPointer: value.bytes) }
                }
            }
            let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined().prefix(16)
            parts.append("\(table): \(rows) rows \(digest)")
        }
        return parts.joined(separator: ", ")
    }
}
