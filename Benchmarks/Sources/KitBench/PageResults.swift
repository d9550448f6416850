/// The fingerprints each side of a read scenario produced in every measurement.
actor PageResults {
    private var fingerprints: [Side: [Fingerprint]] = [:]

    func record(_ fingerprint: Fingerprint, side: Side) {
        fingerprints[side, default: []].append(fingerprint)
    }

    /// Throws unless every measurement of both sides saw the same `expectedCount` products (any number above
    /// zero when `nil`) in the same order.
    func verify(_ scenario: String, expectedCount: Int?) throws {
        let all = fingerprints.values.flatMap { $0 }
        guard let first = all.first, first.count == expectedCount ?? max(1, first.count), all.allSatisfy({ $0 == first })
        else {
            throw BenchmarkError.mismatch(
                scenario: scenario,
                detail: "expected \(expectedCount.map(String.init) ?? "the same") products; ours \(fingerprints[.ours] ?? []), baseline \(fingerprints[.baseline] ?? [])")
        }
    }
}
