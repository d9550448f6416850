import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the person at the terminal before a command removes something for good.
enum Confirmation {
    /// Goes on when `confirmed` (`--yes`), or when the person at the terminal types `yes` to `question`; else throws
    /// ``PantryError/notConfirmed(_:)``: `unconfirmed` when standard input is not a terminal, `declined` when the
    /// answer is another.
    static func require(_ confirmed: Bool, question: String, unconfirmed: String, declined: String) throws {
        guard !confirmed else { return }
        guard isatty(STDIN_FILENO) == 1 else { throw PantryError.notConfirmed(unconfirmed) }
        FileHandle.standardError.write(Data("\(Output.terminalSafe(question)) This cannot be undone. Type yes: ".utf8))
        guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
            throw PantryError.notConfirmed(declined)
        }
    }
}
