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

    /// Runs one check and records it: passed when `body` returns, failed when it throws (a
    /// ``ConformanceFailure`` as it is, any other error as an unexpected error of `check`).
    package mutating func record(_ check: String, _ body: () async throws -> Void) async {
        do {
            try await body()
            passed.append(check)
        } catch let failure as ConformanceFailure {
            failures.append(failure)
        } catch {
            failures.append(ConformanceFailure(check: check, message: "unexpected error: \(error)"))
        }
    }

    /// A summary line followed by one line per failure.
    public var description: String {
        (["\(passed.count) passed, \(failures.count) failed"] + failures.map(\.description)).joined(separator: "\n")
    }
}

/// Throws a ``ConformanceFailure`` for `check` when `condition` is false; for conformance suites of other modules.
package func conformanceCheck(
    _ condition: Bool, _ check: String, _ message: @autoclosure () -> String
) throws(ConformanceFailure) {
    if !condition { throw ConformanceFailure(check: check, message: message()) }
}
