import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (or `.whitespaces` when `newlines` is false), answered
    /// without Foundation when the text, once ASCII spaces are cut from its ends, starts and ends with an ASCII
    /// character the set does not hold — the common case (an item after `", "`, say).
    func trimmedText(newlines: Bool = true) -> String {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, Self.isTrimmed(bytes[start], newlines: newlines) { bytes.formIndex(after: &start) }
        while start < end, Self.isTrimmed(bytes[bytes.index(before: end)], newlines: newlines) { bytes.formIndex(before: &end) }
        guard start < end else { return "" }
        // Cut only at ASCII bytes, so the bounds are scalar boundaries; a non-ASCII end may be Unicode space.
        if bytes[start] < 0x80, bytes[bytes.index(before: end)] < 0x80 {
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }

    /// Whether an ASCII byte is in `CharacterSet.whitespaces` (space, tab) or, with `newlines`, in
    /// `.whitespacesAndNewlines` (also line feed, vertical tab, form feed, carriage return).
    private static func isTrimmed(_ byte: UInt8, newlines: Bool) -> Bool {
        newlines ? byte.isTrimmedASCIISpace : byte == 0x20 || byte == 0x09
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII character `trimmedText()` cuts: space, tab, line feed, vertical tab, form feed
    /// or carriage return (`CharacterSet.whitespacesAndNewlines` within ASCII). The byte paths of the import's
    /// text cleaning trim with it.
    var isTrimmedASCIISpace: Bool {
        self == 0x20 || (0x09...0x0D).contains(self)
    }
}
