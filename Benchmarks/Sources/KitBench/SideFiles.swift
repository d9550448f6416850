/// The database files of the first measurement of each side, kept until the scenario verifies that both sides
/// wrote the same rows; the files of later measurements are removed at once.
actor SideFiles {
    private var kept: [Side: String] = [:]
    private let fixtures: BenchFixtures

    init(fixtures: BenchFixtures) {
        self.fixtures = fixtures
    }

    /// Keeps the file of a side's first measurement; removes any later one.
    func keepOrRemove(_ path: String, side: Side) {
        if kept[side] == nil {
            kept[side] = path
        } else {
            fixtures.removeDatabase(path)
        }
    }

    /// The kept file of a side.
    func path(of side: Side) -> String? {
        kept[side]
    }

    /// Removes the kept files.
    func removeAll() {
        for path in kept.values { fixtures.removeDatabase(path) }
        kept = [:]
    }
}
