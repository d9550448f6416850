import NIOConcurrencyHelpers

/// The log position each household's last Grocy write reached, so a read right after a write folds at least that
/// far (Grocy clients read their own writes: Home Assistant refreshes after every service call).
final class GrocyWriteMarks: Sendable {
    private let marks = NIOLockedValueBox([HouseholdID: Int64]())

    /// The position reads of `household` must fold through, if a write of this process reached one.
    func seq(of household: HouseholdID) -> Int64? {
        marks.withLockedValue { $0[household] }
    }

    /// Records that a write of `household` reached `seq`.
    func wrote(_ household: HouseholdID, through seq: Int64) {
        marks.withLockedValue { marks in marks[household] = max(marks[household] ?? seq, seq) }
    }
}
