/// The checksums of every measurement of both sides.
actor UUIDChecksums {
    private var values: [Side: [UUIDChecksum]] = [:]

    func record(_ checksum: UUIDChecksum, side: Side) {
        values[side, default: []].append(checksum)
    }

    func verify(_ scenario: String) throws {
        let all = values.values.flatMap { $0 }
        guard let first = all.first, all.allSatisfy({ $0 == first }) else {
            throw BenchmarkError.mismatch(scenario: scenario, detail: "the generated ids differ")
        }
    }
}
