import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (or `.whitespaces` when `newlines` is false), answered
    /// without Foundation when the text starts and ends with an ASCII character the set does not hold — the
    /// common case, where nothing is trimmed.
    func trimmedText(newlines: Bool = true) -> String {
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
            !Self.isTrimmed(first, newlines: newlines), !Self.isTrimmed(last, newlines: newlines)
        {
            return String(self)
        }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }

    /// Whether an ASCII byte is in `CharacterSet.whitespaces` (space, tab) or, with `newlines`, in
    /// `.whitespacesAndNewlines` (also line feed, vertical tab, form feed, carriage return).
    private static func isTrimmed(_ byte: UInt8, newlines: Bool) -> Bool {
        byte == 0x20 || byte == 0x09 || (newlines && (0x0A...0x0D).contains(byte))
    }
}
