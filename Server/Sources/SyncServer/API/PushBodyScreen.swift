import Foundation

/// Decides, in one pass over a push body's bytes, whether its payloads may be decoded straight into the kit's
/// types (``PushBody``) or must take the way through ``JSONValue`` that ``PushRequest`` takes.
///
/// The way through ``JSONValue`` decodes a payload as any JSON (numbers as `Double`), serializes it again with
/// sorted keys, refuses U+0000 in that text and decodes the text into the kit's type. For a body the screen passes
/// the direct decoding is equivalent — the same values, the same acceptances — because of what the body cannot
/// hold:
/// - no backslash followed by `u` (a `\u` escape, or an escaped backslash before a `u`): no string holds U+0000
///   or the characters `\u0000` (the only ways the serialized text can contain `\u0000`), so the U+0000 check
///   cannot refuse anything;
/// - no number with an exponent or more than 15 digits: every number is one `Double` holds exactly enough that
///   serializing and reading it again gives the same `Int`, `Double` or `Decimal`, and none is out of `Double`'s
///   range (which fails the whole body on the way through ``JSONValue``, even in a field the kit ignores).
///
/// Anything else — rare in what the kit's encoders write — takes the way through ``JSONValue``, unchanged.
enum PushBodyScreen {
    /// The most digits a number may have for the direct decoding (`Double` keeps 15 significant decimal digits).
    static let maxDirectDigits = 15

    /// Whether every payload of `body` may be decoded straight into the kit's types.
    static func allowsDirectDecoding(_ body: Data) -> Bool {
        body.withUnsafeBytes { allowsDirectDecoding(bytes: $0) }
    }

    private static func allowsDirectDecoding(bytes: UnsafeRawBufferPointer) -> Bool {
        // Bytes compared against; ASCII.
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), minus = UInt8(ascii: "-")
        let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9"), dot = UInt8(ascii: ".")
        let lowerE = UInt8(ascii: "e"), upperE = UInt8(ascii: "E"), lowerU = UInt8(ascii: "u")
        var inString = false
        var afterBackslash = false
        var digits = 0
        var inNumber = false
        var previous: UInt8 = 0
        for byte in bytes {
            defer { previous = byte }
            if inString {
                // Any backslash followed by u: an escape, or an escaped backslash before the letter u.
                if byte == lowerU && previous == backslash { return false }
                if afterBackslash {
                    afterBackslash = false
                } else if byte == backslash {
                    afterBackslash = true
                } else if byte == quote {
                    inString = false
                }
                continue
            }
            if inNumber {
                if byte >= zero && byte <= nine {
                    digits += 1
                    if digits > maxDirectDigits { return false }
                    continue
                }
                if byte == dot { continue }
                if byte == lowerE || byte == upperE { return false }
                inNumber = false
            }
            if byte == quote {
                inString = true
            } else if byte == minus || (byte >= zero && byte <= nine) {
                inNumber = true
                digits = byte == minus ? 0 : 1
            }
        }
        return true
    }
}
