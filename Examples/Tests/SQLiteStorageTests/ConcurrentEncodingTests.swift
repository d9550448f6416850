import Testing

@testable import SQLiteStorage

/// A large commit encodes its rows on every core; the rows must come back as a sequential encoding gives them.
@Suite("Concurrent encoding of a large commit's rows")
struct ConcurrentEncodingTests {
    @Test("Rows come back in input order, below, at and above the size where the cores are used")
    func rowsComeBackInOrder() throws {
        for count in [0, 1, 31, 32, 33, 127, 128, 129, 1_000, 10_007] {
            let input = Array(0..<count)
            #expect(try ConcurrentEncoding.map(input) { $0 * 3 + 1 } == input.map { $0 * 3 + 1 }, "\(count) rows")
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
                try ConcurrentEncoding.map(input) { index in
                    if failing.contains(index) { throw RowFailure(index: index) }
                    return index
                }
            }
        }
    }
}
