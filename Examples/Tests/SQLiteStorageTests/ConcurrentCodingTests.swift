import GRDB
import Testing

@testable import SQLiteStorage

/// A large commit encodes its rows, and a large read decodes them, on every core; the rows must come back as a
/// sequential pass gives them.
@Suite("Concurrent coding of a large commit's or read's rows")
struct ConcurrentCodingTests {
    @Test("Rows come back in input order, below, at and above the size where the cores are used")
    func rowsComeBackInOrder() throws {
        for count in [0, 1, 31, 32, 33, 127, 128, 129, 1_000, 10_007] {
            let input = Array(0..<count)
            #expect(try ConcurrentCoding.map(input) { $0 * 3 + 1 } == input.map { $0 * 3 + 1 }, "\(count) rows")
        }
    }

    @Test("The error of the first failing row, by position, is the one thrown")
    func firstFailingRowByPositionIsThrown() {
        struct RowFailure: Error, Equatable {
            let index: Int
        }
        let input = Array(0..<5_000)
        for failing in [[0], [4_999], [1_000, 4_000], [31, 32], [4_000, 1_000, 17]] {
            #expect(throws: RowFailure(index: failing.min() ?? 0)) {
                try ConcurrentCoding.map(input) { index in
                    if failing.contains(index) { throw RowFailure(index: index) }
                    return index
                }
            }
        }
    }

    @Test("A read's rows decode in row order across chunks, and its first failing row by position is the one thrown")
    func rowsDecodeInRowOrderAcrossChunks() throws {
        struct RowFailure: Error, Equatable {
            let value: Int
        }
        let queue = try DatabaseQueue()
        let count = 2 * ConcurrentCoding.rowsPerChunk + 77
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (value INTEGER NOT NULL)")
            for value in 0..<count { try db.execute(sql: "INSERT INTO t (value) VALUES (?)", arguments: [value]) }
        }
        let values = try queue.read { db in
            try ConcurrentCoding.decodeRows(Row.fetchCursor(db, sql: "SELECT value FROM t ORDER BY value")) { row in
                try row.decode(Int.self, atIndex: 0)
            } decode: { $0 * 2 }
        }
        #expect(values == (0..<count).map { $0 * 2 })
        for failing in [[0], [count - 1], [ConcurrentCoding.rowsPerChunk + 3, 40], [1_500, ConcurrentCoding.rowsPerChunk - 1]] {
            #expect(throws: RowFailure(value: failing.min() ?? 0)) {
                try queue.read { db in
                    try ConcurrentCoding.decodeRows(Row.fetchCursor(db, sql: "SELECT value FROM t ORDER BY value")) { row in
                        try row.decode(Int.self, atIndex: 0)
                    } decode: { value in
                        if failing.contains(value) { throw RowFailure(value: value) }
                        return value
                    }
                }
            }
        }
    }
}
