import ProductModule

/// An order-sensitive fingerprint of a sequence of products (count and FNV-1a over their ids), so the two sides
/// of a read scenario can be shown to return the same products in the same order.
struct Fingerprint: Sendable, Equatable, CustomStringConvertible {
    private(set) var count = 0
    private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ product: Product) {
        count += 1
        for byte in product.productId.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        hash = (hash ^ 0x0A) &* 0x100_0000_01B3
    }

    var description: String { "\(count) products, fingerprint \(String(hash, radix: 16))" }
}

/// The fingerprints each side of a read scenario produced in every measurement.
actor PageResults {
    private var fingerprints: [SideFiles.Side: [Fingerprint]] = [:]

    func record(_ fingerprint: Fingerprint, side: SideFiles.Side) {
        fingerprints[side, default: []].append(fingerprint)
    }

    /// Throws unless every measurement of both sides saw the same `expectedCount` products in the same order.
    func verify(_ scenario: String, expectedCount: Int) throws {
        let all = fingerprints.values.flatMap { $0 }
        guard let first = all.first, first.count == expectedCount, all.allSatisfy({ $0 == first }) else {
            throw BenchmarkError.mismatch(
                scenario: scenario,
                detail: "expected \(expectedCount) products; ours \(fingerprints[.ours] ?? []), baseline \(fingerprints[.baseline] ?? [])")
        }
    }
}

/// Row counts each side of a write scenario left behind.
actor RowCounts {
    private var counts: [SideFiles.Side: [Int]] = [:]

    func record(_ count: Int, side: SideFiles.Side) {
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
