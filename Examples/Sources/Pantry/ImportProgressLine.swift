import Foundation
import ProductImport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The import's progress on a terminal, redrawn in place after every batch:
/// `[#####---------] 8000/20000  21,400 rec/s  ETA 0:01  created 8000 · updated 0 · unchanged 0 · rejected 0`.
final class ImportProgressLine: Sendable {
    private let enabled: Bool
    private let started = ContinuousClock.now

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Redraws the line.
    func show(_ progress: ImportProgress) {
        guard enabled else { return }
        let seconds = ImportCommand.seconds(since: started)
        let rate = seconds > 0 ? Double(progress.processed) / seconds : 0
        var parts: [String] = []
        if let total = progress.total, total > 0 {
            let filled = min(20, progress.processed * 20 / total)
            parts.append("[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]")
            parts.append("\(progress.processed)/\(total)")
        } else {
            parts.append("\(progress.processed)")
        }
        parts.append("\(Int(rate.rounded())) rec/s")
        if let total = progress.total, rate > 0, progress.processed > 0 {
            parts.append("ETA " + Self.clock(Double(max(0, total - progress.processed)) / rate))
        }
        parts.append("created \(progress.created) · updated \(progress.updated) · unchanged \(progress.unchanged) · rejected \(progress.rejected)")
        // `\u{1B}[K` clears what a longer previous line left.
        FileHandle.standardOutput.write(Data(("\r" + parts.joined(separator: "  ") + "\u{1B}[K").utf8))
    }

    /// Ends the line.
    func finish() {
        if enabled { print("") }
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3_600, whole / 60 % 60, whole % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
