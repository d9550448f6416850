import Foundation

/// A conformance check that did not hold, with the check's name and what was observed.
public struct ConformanceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of the check.
    public var check: String
    /// What was expected and what was observed.
    public var message: String

    /// Creates a failure.
    public init(check: String, message: String) {
        self.check = check
        self.message = message
    }

    /// `check: message`.
    public var description: String { "\(check): \(message)" }
}

/// The outcome of a conformance suite run.
public struct ConformanceReport: Hashable, Sendable, CustomStringConvertible {
    /// The names of the checks that held.
    public var passed: [String] = []
    /// The checks that did not hold.
    public var failures: [ConformanceFailure] = []

    /// Creates an empty report.
    public init() {}

    /// Whether every check held.
    public var isSuccess: Bool { failures.isEmpty && !passed.isEmpty }

    /// A summary line followed by one line per failure.
    public var description: String {
        (["\(passed.count) passed, \(failures.count) failed"] + failures.map(\.description)).joined(separator: "\n")
    }
}

/// Throws a ``ConformanceFailure`` for `check` when `condition` is false; for conformance suites of other modules.
public func conformanceCheck(
    _ condition: Bool, _ check: String, _ message: @autoclosure () -> String
) throws(ConformanceFailure) {
    if !condition { throw ConformanceFailure(check: check, message: message()) }
}
