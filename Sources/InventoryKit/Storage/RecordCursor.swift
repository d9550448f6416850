import Foundation

/// Where the next page of a query starts: the sort values and id of the last record returned (keyset
/// pagination).
///
/// A cursor stays valid while records are inserted or deleted: the next page holds exactly the records that sort
/// after the last one returned, with no duplicate and no gap. Hand it to clients as the opaque ``token`` string
/// and read it back with ``init(token:)``.
public struct RecordCursor: Hashable, Sendable, Codable {
    /// The sort order the cursor was made for; a query with another order rejects it.
    public var sort: [RecordSortKey]
    /// The sort-field values of the last record returned, one per sort key.
    public var values: [FieldValue]
    /// The id of the last record returned.
    public var lastID: RecordID

    /// Creates a cursor.
    public init(sort: [RecordSortKey], values: [FieldValue], lastID: RecordID) {
        self.sort = sort
        self.values = values
        self.lastID = lastID
    }

    /// The cursor as an opaque, URL-safe string.
    public var token: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return "" }
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads a cursor back from its ``token``.
    ///
    /// - Throws: ``StorageError/invalidCursor(reason:)`` when the token is not one this type made.
    public init(token: String) throws(StorageError) {
        guard token.utf8.count <= 16_384 else { throw .invalidCursor(reason: "the cursor is too long") }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else {
            throw .invalidCursor(reason: "the cursor is not base64url text")
        }
        do {
            self = try JSONDecoder().decode(RecordCursor.self, from: data)
        } catch {
            throw .invalidCursor(reason: "the cursor does not decode")
        }
        guard values.count == sort.count else {
            throw .invalidCursor(reason: "the cursor holds \(values.count) values for \(sort.count) sort keys")
        }
    }
}
