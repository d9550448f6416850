import Foundation

extension StringProtocol {
    /// Whether the two texts are the same but for case: `caseInsensitiveCompare(_:) == .orderedSame`, answered
    /// without Foundation when both are ASCII (equal lengths and each byte equal once A–Z are lowered). Any other
    /// pair goes to Foundation, whose folding of the rest of Unicode (`ß` and `SS`, composed and decomposed
    /// letters) this does not repeat.
    func isSameIgnoringCase<Other: StringProtocol>(as other: Other) -> Bool {
        let asciiAnswer = utf8.withContiguousStorageIfAvailable { bytes in
            other.utf8.withContiguousStorageIfAvailable { otherBytes in
                Self.asciiEqualIgnoringCase(bytes, otherBytes)
            } ?? nil
        } ?? nil
        if let asciiAnswer { return asciiAnswer }
        return caseInsensitiveCompare(other) == .orderedSame
    }

    /// `true` or `false` when both byte runs are ASCII; `nil` when either holds a non-ASCII byte.
    private static func asciiEqualIgnoringCase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ otherBytes: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 }), otherBytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard bytes.count == otherBytes.count else { return false }
        for index in bytes.indices where bytes[index].asciiLowercased != otherBytes[index].asciiLowercased {
            return false
        }
        return true
    }
}

extension UInt8 {
    /// The byte with A–Z lowered to a–z; every other byte as it is.
    fileprivate var asciiLowercased: UInt8 {
        (0x41...0x5A).contains(self) ? self | 0x20 : self
    }
}
