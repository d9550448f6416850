import GRDB

extension ConcurrentCoding {
    /// The rows a read decodes at once: a bounded share of its raw bytes is held beside the decoded values
    /// (a journal of 100 000 entries is read 1 024 rows at a time, never all its bytes at once).
    static let rowsPerChunk = 1_024

    /// Every row of `rows`, copied out by `copy` on the calling thread (a `Row` is only valid until the cursor
    /// moves) and decoded by `decode` on every core, a chunk of ``rowsPerChunk`` rows at a time; values in row
    /// order. The first error by position is thrown, as a row-by-row read throws it.
    static func decodeRows<Raw: Sendable, Value: Sendable>(
        _ rows: RowCursor, copy: (Row) throws -> Raw, decode: @Sendable (Raw) throws -> Value
    ) throws -> [Value] {
        var values: [Value] = []
        var chunk: [Raw] = []
        chunk.reserveCapacity(rowsPerChunk)
        while let row = try rows.next() {
            chunk.append(try copy(row))
            if chunk.count == rowsPerChunk {
                values += try map(chunk, minimum: minimumDecodedRows, decode)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        values += try map(chunk, minimum: minimumDecodedRows, decode)
        return values
    }
}
