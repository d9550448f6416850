/// How many measurements each side has started.
actor RoundCounter {
    private var rounds: [Side: Int] = [:]

    /// The round number of a side's next measurement (0, 1, …).
    func next(_ side: Side) -> Int {
        defer { rounds[side, default: 0] += 1 }
        return rounds[side, default: 0]
    }
}
