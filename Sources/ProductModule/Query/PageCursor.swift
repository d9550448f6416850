import InventoryKit

/// Where the next page of a product query starts: an opaque token shared by every store.
///
/// It wraps the kit's keyset `RecordCursor` (the sort values and id of the last product returned), so a cursor
/// made by the in-memory evaluator, a SQLite store or a gateway is the same token. Hand clients ``token`` and
/// read it back with ``init(token:)``. Encoded as the token string.
public struct PageCursor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The store cursor.
    public let recordCursor: RecordCursor

    /// Wraps a store cursor.
    public init(_ recordCursor: RecordCursor) {
        self.recordCursor = recordCursor
    }

    /// Reads a cursor back from its ``token``.
    ///
    /// - Throws: ``ProductQueryError/invalidCursor(reason:)`` when the token was not made by a cursor.
    public init(token: String) throws(ProductQueryError) {
        do {
            recordCursor = try RecordCursor(token: token)
        } catch {
            if case .invalidCursor(let reason) = error { throw .invalidCursor(reason: reason) }
            throw .invalidCursor(reason: error.description)
        }
    }

    /// The cursor as an opaque, URL-safe string.
    public var token: String { recordCursor.token }

    /// The token.
    public var description: String { token }

    /// Decodes a cursor from its token.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the token is not valid.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(token: try container.decode(String.self))
        } catch let error as ProductQueryError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the cursor as its token.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(token)
    }
}
