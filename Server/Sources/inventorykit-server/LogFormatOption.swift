import ArgumentParser
import SyncServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--log-format`: how `serve` writes its log lines on stderr.
enum LogFormatOption: String, ExpressibleByArgument, CaseIterable {
    /// One JSON object a line.
    case json
    /// Readable lines.
    case text
    /// `text` when stderr is a terminal, `json` otherwise.
    case auto

    /// The format to write, resolving `auto` against stderr.
    var resolved: ServerLogHandler.Format {
        switch self {
        case .json: .json
        case .text: .text
        case .auto: isatty(2) == 1 ? .text : .json
        }
    }
}
