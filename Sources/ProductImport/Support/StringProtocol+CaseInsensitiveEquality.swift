import Foundation

extension StringProtocol {
    /// Whether the two texts are the same but for case: `caseInsensitiveCompare(_:) == .orderedSame`, answered
    /// without Foundation when both are ASCII (equal lengths and each byte equal once A–Z are lowered), when they
    /// are the same bytes but for the case of A–Z, or when they first differ at two printable ASCII characters
    /// (or one ends where the other has one) after a run of such same bytes. Any other pair goes to Foundation, whose
    /// folding of the rest of Unicode (`ß` and `SS`, composed and decomposed letters) this does not repeat.
    func isSameIgnoringCase<Other: StringProtocol>(as other: Other) -> Bool {
        let asciiAnswer = utf8.withContiguousStorageIfAvailable { bytes in
            other.utf8.withContiguousStorageIfAvailable { otherBytes in
                Self.bytewiseEqualIgnoringCase(bytes, otherBytes)
            } ?? nil
        } ?? nil
        if let asciiAnswer { return asciiAnswer }
        return caseInsensitiveCompare(other) == .orderedSame
    }

    /// `true` or `false` when the bytes settle it; `nil` when Foundation must answer.
    ///
    /// Up to the first byte that differs once A–Z are lowered, both texts hold the same scalars but for the case
    /// of ASCII letters, which fold alike. When the texts end there together they are the same. When both differ
    /// there by a printable ASCII character (or one ends and the other has one), the folded texts differ there
    /// too: such a character folds to itself or its lowercase letter, composes with nothing before it, and begins
    /// whatever it composes with the marks after it. Two ASCII texts that differ anywhere else differ. Anything
    /// else — a non-ASCII byte where they differ, or a control character there in a text beyond ASCII — is
    /// Foundation's to answer.
    private static func bytewiseEqualIgnoringCase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ otherBytes: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        let common = Swift.min(bytes.count, otherBytes.count)
        var index = 0
        while index < common {
            let byte = bytes[index]
            let otherByte = otherBytes[index]
            if byte != otherByte, byte >= 0x80 || otherByte >= 0x80 || byte.asciiLowercased != otherByte.asciiLowercased {
                break
            }
            index += 1
        }
        if index == common, bytes.count == otherBytes.count { return true }
        let byte: UInt8? = index < bytes.count ? bytes[index] : nil
        let otherByte: UInt8? = index < otherBytes.count ? otherBytes[index] : nil
        if byte.map(\.isPrintableASCII) ?? true, otherByte.map(\.isPrintableASCII) ?? true { return false }
        // Two ASCII texts that differ are not the same, whatever the byte.
        guard bytes.allSatisfy({ $0 < 0x80 }), otherBytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return false
    }
}

extension UInt8 {
    /// The byte with A–Z lowered to a–z; every other byte as it is.
    fileprivate var asciiLowercased: UInt8 {
        (0x41...0x5A).contains(self) ? self | 0x20 : self
    }

    /// Whether the byte is a printable ASCII character: a space, a letter, a digit or punctuation.
    fileprivate var isPrintableASCII: Bool {
        (0x20...0x7E).contains(self)
    }
}
