import ArgumentParser
import Foundation

/// A command line swift-argument-parser refused, said in one line: what is wrong and where the help is.
enum UsageError {
    /// The one line for `error` (a usage error of `Pantry`), given the command line's arguments.
    static func line(for error: any Error, arguments: [String]) -> String {
        // `-1` reads as an option to the parser, which then misses the amount: say what was meant.
        if let negative = arguments.first(where: { $0.count > 1 && $0.hasPrefix("-") && Double($0) != nil }) {
            return "\(Output.terminalSafe(negative)) is not an amount: amounts are positive numbers "
                + "(take stock out with `pantry stock consume`, set a count with `pantry stock correct`)"
        }
        // A mistyped command or option: the closest of the names the command has, not the parser's guess.
        if let line = CommandSuggestion.line(for: arguments) { return line }
        let message = Pantry.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: "\n").first.map(String.init) ?? "the command line is not valid"
        return "\(Output.terminalSafe(message)); see '\(helpCommand(in: Pantry.fullMessage(for: error)))'"
    }

    /// The `pantry … --help` the parser's full message points to, or `pantry --help`.
    private static func helpCommand(in fullMessage: String) -> String {
        guard let start = fullMessage.range(of: "See '"),
            let end = fullMessage[start.upperBound...].firstIndex(of: "'")
        else { return "pantry --help" }
        return String(fullMessage[start.upperBound..<end])
    }
}
