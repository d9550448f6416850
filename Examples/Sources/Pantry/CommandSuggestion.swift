import ArgumentParser
import Foundation

/// "Did you mean" for a mistyped subcommand or option, from the command's actual names: `pantry stok list` →
/// `stock`, `stock add --loc` → `--location` (an option the typed text begins, before the nearest by edit distance).
enum CommandSuggestion {
    /// The one line for a command line that names a command or option `Pantry` does not have, or `nil` when each
    /// word names one (the parser's own message is then the better one).
    ///
    /// The command tree comes from swift-argument-parser's help dump (`_dumpHelp()`, public, what
    /// `--experimental-dump-help` prints): the only public view of every command's option names.
    static func line(for arguments: [String]) -> String? {
        guard let tool = try? JSONDecoder().decode(Tool.self, from: Data(Pantry._dumpHelp().utf8)) else { return nil }
        var node = tool.command
        var path = ["pantry"]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" { return nil }
            if word.hasPrefix("-"), word.count > 1 {
                let name = String(word.prefix { $0 != "=" })
                let options = node.options + (path.count == 1 ? ["--version"] : []) + ["--help", "-h"]
                guard options.contains(name) else {
                    return unknown("option", name, candidates: options, help: path)
                }
                if node.valued.contains(name), !word.contains("=") { index += 1 }
                continue
            }
            let subcommands = node.subcommands ?? []
            guard !subcommands.isEmpty else { continue }
            guard let next = subcommands.first(where: { $0.commandName == word }) else {
                if word == "help" { return nil }
                return unknown("command", word, candidates: subcommands.map(\.commandName), help: path)
            }
            node = next
            path.append(word)
        }
        return nil
    }

    /// `Unknown command 'stok'. Did you mean 'stock'?; see 'pantry --help'`.
    private static func unknown(_ kind: String, _ typed: String, candidates: [String], help path: [String]) -> String {
        let suggestion = closest(to: typed, among: candidates).map { ". Did you mean '\($0)'?" } ?? ""
        return "Unknown \(kind) '\(Output.terminalSafe(typed))'\(suggestion); see '\(path.joined(separator: " ")) --help'"
    }

    /// The candidate the typed text begins (the shortest), else the nearest by edit distance when it is near enough
    /// to be a typo (at most a third of the typed text's letters differ, and at least one may).
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let lowered = typed.lowercased()
        let bare = lowered.drop { $0 == "-" }
        if bare.count >= 2,
            let prefixed = candidates.filter({ $0.lowercased().hasPrefix(lowered) && $0 != typed }).min(by: { $0.count < $1.count })
        {
            return prefixed
        }
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
        return best.1 <= max(1, bare.count / 3) ? best.0 : nil
    }

    /// The Levenshtein distance between two strings, by characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The parts of swift-argument-parser's help dump (`--experimental-dump-help`) the walk reads.
    struct Tool: Decodable {
        var command: Node
    }

    /// A command: its name, options and subcommands.
    struct Node: Decodable {
        var commandName: String
        var subcommands: [Node]?
        var arguments: [Argument]?

        /// Every option and flag name as typed (`--location`, `-h`).
        var options: [String] {
            (arguments ?? []).flatMap { $0.spellings }
        }

        /// The names of options that take a value.
        var valued: Set<String> {
            Set((arguments ?? []).filter { $0.kind == "option" }.flatMap(\.spellings))
        }
    }

    /// An argument of a command: a positional, an option or a flag.
    struct Argument: Decodable {
        var kind: String
        var names: [Name]?

        var spellings: [String] {
            (names ?? []).map { $0.kind == "short" || $0.kind == "longWithSingleDash" ? "-\($0.name)" : "--\($0.name)" }
        }
    }

    /// One name of an option or flag.
    struct Name: Decodable {
        var kind: String
        var name: String
    }
}
