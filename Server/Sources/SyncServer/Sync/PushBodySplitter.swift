import Foundation

/// Finds, in one pass over a push body's bytes, the operations of a body shaped exactly
/// `{"operations":[op, op, …]}` (whitespace allowed between tokens), so that slices of them can be decoded on
/// several cores at once (``PushBody/decode(_:)``).
///
/// The pass checks the skeleton — the one key, the brackets, the commas between operations, nothing after the
/// object — and tracks strings (with their escapes) and nesting inside each operation so that a comma or bracket
/// in a string or a nested value is not taken for a separator. Whether each operation is valid JSON of the right
/// shape is left to the decoder of its slice. A body of any other shape (another key, a key spelled with an
/// escape, an unbalanced operation) yields `nil` and is decoded whole, as before.
enum PushBodySplitter {
    /// Where the operations are: each one's byte range in the body, in order.
    struct Operations: Equatable {
        /// The byte ranges, relative to the body's start.
        let ranges: [Range<Int>]
    }

    /// The operations of `body` when it has the exact shape, otherwise `nil`.
    static func operations(of body: Data) -> Operations? {
        body.withUnsafeBytes { operations(in: $0) }
    }

    private static let key = Array(#""operations""#.utf8)

    private static func operations(in bytes: UnsafeRawBufferPointer) -> Operations? {
        var cursor = Cursor(bytes: bytes)
        guard cursor.expect(UInt8(ascii: "{")), cursor.expect(key), cursor.expect(UInt8(ascii: ":")),
            cursor.expect(UInt8(ascii: "["))
        else { return nil }
        var ranges: [Range<Int>] = []
        if cursor.expect(UInt8(ascii: "]")) {
            return cursor.expect(UInt8(ascii: "}")) && cursor.atEnd ? Operations(ranges: ranges) : nil
        }
        while true {
            guard let range = cursor.value() else { return nil }
            ranges.append(range)
            if cursor.expect(UInt8(ascii: ",")) { continue }
            guard cursor.expect(UInt8(ascii: "]")), cursor.expect(UInt8(ascii: "}")), cursor.atEnd else { return nil }
            return Operations(ranges: ranges)
        }
    }

    /// A position in the bytes that skips JSON whitespace before each token it expects.
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        /// Whether only whitespace is left.
        var atEnd: Bool {
            mutating get {
                skipWhitespace()
                return index == bytes.count
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
                default: return
                }
            }
        }

        /// Consumes `byte` after whitespace, or nothing.
        mutating func expect(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Consumes `token` after whitespace, or nothing.
        mutating func expect(_ token: [UInt8]) -> Bool {
            skipWhitespace()
            guard bytes.count - index >= token.count else { return false }
            for (offset, byte) in token.enumerated() where bytes[index + offset] != byte { return false }
            index += token.count
            return true
        }

        /// Consumes one object or array value and returns its range; `nil` when the value is not an object or
        /// array or does not close.
        mutating func value() -> Range<Int>? {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
                return nil
            }
            let start = index
            var depth = 0
            var inString = false
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return start..<index }
                default: break
                }
            }
            return nil
        }
    }
}
