/// Row counts each side of a write scenario left behind.
actor RowCounts {
    private var counts: [Side: [Int]] = [:]

    func record(_ count: Int, side: Side) {
        counts[side, default: []].append(count)
    }

    /// Throws unless every measurement of both sides left `expected` rows.
    func verify(_ scenario: String, expected: Int) throws {
        let all = counts.values.flatMap { $0 }
        guard !all.isEmpty, all.allSatisfy({ $0 == expected }) else {
            throw BenchmarkError.mismatch(
                scenario: scenario, detail: "expected \(expected) rows; ours \(counts[.ours] ?? []), baseline \(counts[.baseline] ?? [])")
        }
    }
}
