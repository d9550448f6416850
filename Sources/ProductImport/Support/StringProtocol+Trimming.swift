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
        let set: CharacterSet = newlines ? .whitespacesAndNewlines : .whitespaces
        // A non-ASCII end whose scalar the set does not hold (`"500 g ℮"`, `"Crème brûlée"`) is where Foundation's
        // trimming stops too.
        if Self.isKept(firstScalarAt: start, in: bytes, set: set), Self.isKept(lastScalarBefore: end, in: bytes, set: set) {
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        return trimmingCharacters(in: set)
    }

    /// Whether the scalar starting at `index` is ASCII or one `set` does not hold.
    private static func isKept(firstScalarAt index: UTF8View.Index, in bytes: UTF8View, set: CharacterSet) -> Bool {
        guard bytes[index] >= 0x80 else { return true }
        var scalarEnd = bytes.index(after: index)
        while scalarEnd < bytes.endIndex, (0x80...0xBF).contains(bytes[scalarEnd]) { bytes.formIndex(after: &scalarEnd) }
        return !isInSet(bytes[index..<scalarEnd], set)
    }

    /// Whether the scalar ending at `end` is ASCII or one `set` does not hold.
    private static func isKept(lastScalarBefore end: UTF8View.Index, in bytes: UTF8View, set: CharacterSet) -> Bool {
        var scalarStart = bytes.index(before: end)
        guard bytes[scalarStart] >= 0x80 else { return true }
        while scalarStart > bytes.startIndex, (0x80...0xBF).contains(bytes[scalarStart]) {
            bytes.formIndex(before: &scalarStart)
        }
        return !isInSet(bytes[scalarStart..<end], set)
    }

    /// Whether the one scalar in `scalarBytes` is in `set` (`true`, so Foundation decides, if the bytes are not one).
    private static func isInSet(_ scalarBytes: UTF8View.SubSequence, _ set: CharacterSet) -> Bool {
        let scalars = String(decoding: scalarBytes, as: UTF8.self).unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return true }
        return set.contains(scalar)
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
