import Foundation

/// Progress and single measurements, on standard error (standard output carries only the report).
enum BenchLog {
    /// Writes one line to standard error.
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// A run that cannot go on: a failed request, a disagreement between the sides, the time limit.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
