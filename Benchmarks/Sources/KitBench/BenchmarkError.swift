/// Why a benchmark run stopped: a side produced a different result than its counterpart, or a setup step failed.
///
/// Every scenario checks that both sides did the same work (same rows, same ids, same page) before its numbers
/// are reported; a mismatch is an error, never a silent "pass".
enum BenchmarkError: Error, CustomStringConvertible {
    /// The two sides of a scenario disagree about the result.
    case mismatch(scenario: String, detail: String)
    /// SQLite reported an error through its C API.
    case sqlite(operation: String, code: Int32, message: String)
    /// A fixture could not be built.
    case setup(String)

    var description: String {
        switch self {
        case .mismatch(let scenario, let detail): "\(scenario): the two sides disagree: \(detail)"
        case .sqlite(let operation, let code, let message): "SQLite error \(code) in \(operation): \(message)"
        case .setup(let reason): "setup failed: \(reason)"
        }
    }
}
