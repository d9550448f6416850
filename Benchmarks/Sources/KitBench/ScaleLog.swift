import Foundation

/// The progress log of the inventory scale scenarios: standard error, like the runner's, so `--json` output stays
/// one JSON object on standard output.
enum ScaleLog {
    /// Writes one line to standard error.
    @Sendable static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
