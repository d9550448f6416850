import Foundation

/// The canonical form of a human-typed name, used to decide whether two names mean the same thing.
///
/// `SemanticKey` is the single source of truth for semantic keys everywhere in the kit: matching, de-duplication
/// and semantic ids (``InventoryIDGenerator/generate(for:semanticName:)``) all go through
/// ``normalize(_:)``, so they can never disagree about whether two spellings are the same.
///
/// ```swift
/// let a = SemanticKey("Straße  Café")
/// let b: SemanticKey = " STRASSE café\n"
/// // a == b, a.rawValue == "strasse café"
/// ```
///
/// Every initializer normalizes, including ``init(rawValue:)`` and decoding, so a key always holds its canonical
/// form and equal keys have equal ``rawValue``s. Keys are encoded (`Codable`) as their normalized string.
public struct SemanticKey: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The normalized string: the result of ``normalize(_:)``.
    public let rawValue: String

    /// Creates the key of `raw`, normalizing it with ``normalize(_:)``.
    ///
    /// ```swift
    /// SemanticKey("  Apple\tComputer ").rawValue  // "apple computer"
    /// ```
    public init(_ raw: String) {
        self.rawValue = SemanticKey.normalize(raw)
    }

    /// Creates the key of `rawValue`, normalizing it; unlike most `RawRepresentable` types this never fails, and
    /// `SemanticKey(rawValue: x).rawValue` may differ from `x`.
    public init(rawValue: String) {
        self.init(rawValue)
    }

    /// Creates the key of a string literal, normalizing it: `let key: SemanticKey = "Apple Computer"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Creates the key of `raw`, throwing if it is empty after normalization.
    ///
    /// ```swift
    /// try SemanticKey(validating: "   ")  // throws SemanticKeyError.empty(raw: "   ")
    /// ```
    ///
    /// - Throws: ``SemanticKeyError/empty(raw:)`` when `raw` is empty or holds only whitespace.
    public init(validating raw: String) throws(SemanticKeyError) {
        let key = SemanticKey(raw)
        guard !key.isEmpty else { throw .empty(raw: raw) }
        self = key
    }

    /// Decodes a key from a single string, normalizing it, so decoded keys are always canonical.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode(String.self))
    }

    /// Encodes the key as its normalized string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether the key is empty, i.e. the raw string was empty or held only whitespace.
    public var isEmpty: Bool {
        rawValue.isEmpty
    }

    /// The normalized string.
    public var description: String {
        rawValue
    }

    /// Orders keys by their normalized strings (Swift `String` order), so sorting is stable across spellings.
    public static func < (lhs: SemanticKey, rhs: SemanticKey) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    // MARK: - Normalization

    /// Returns the semantic key of `raw`: the canonical spelling shared by every string that means the same name.
    ///
    /// The steps, in order:
    ///
    /// 1. Unicode canonical composition (NFC), so precomposed and combining-mark spellings of a letter agree.
    /// 2. Leading and trailing whitespace is removed, and every inner run of whitespace becomes one ASCII space.
    ///    Whitespace is every scalar with the Unicode `White_Space` property: space, tab, line feed, vertical tab,
    ///    form feed, carriage return, U+0085 NEXT LINE, U+00A0 NO-BREAK SPACE, U+1680, U+2000…U+200A, U+2028,
    ///    U+2029, U+202F, U+205F and U+3000 IDEOGRAPHIC SPACE. Zero-width characters (U+200B, U+FEFF) are not
    ///    whitespace and are kept.
    /// 3. Full Unicode case folding (CaseFolding.txt statuses C and F, without the Turkic T mappings), through
    ///    Foundation's `folding(options: .caseInsensitive, locale: nil)`: letters lose their case, and
    ///    multi-character folds apply, so `"Straße"`, `"STRASSE"` and `"strasse"` agree, `"ﬁ"` folds to `"fi"`,
    ///    and the Greek final sigma folds like the medial one (`"ΣΑΣ"` and `"σας"` both give `"σασ"`). `"İ"` folds
    ///    to `"i"` followed by U+0307 COMBINING DOT ABOVE, whatever the user's locale.
    /// 4. NFC again, because folding may decompose letters (`"ǰ"`).
    ///
    /// Diacritics and other marks are kept (`"café"` and `"cafe"` are different keys), as are punctuation, symbols,
    /// emoji and compatibility characters other than case variants (`"①"` is not `"1"`). The result is idempotent:
    /// `normalize(normalize(x)) == normalize(x)`.
    ///
    /// ASCII strings take a fast path that only trims, collapses and lowercases, and returns the string itself
    /// when it is already normalized.
    ///
    /// - Note: Keys feed persistent ids, so treat changes to these rules as breaking. The NFC and case-folding
    ///   tables come from the platform's Foundation; they agree for every character in long-established Unicode
    ///   versions, but characters assigned in very recent Unicode versions may normalize differently on older OSes.
    ///
    /// ```swift
    /// SemanticKey.normalize("  Apple \t Computer\n")  // "apple computer"
    /// SemanticKey.normalize("CAFE\u{301}")            // "café" (U+00E9)
    /// ```
    public static func normalize(_ raw: String) -> String {
        if let ascii = normalizeIfASCII(raw) {
            return ascii
        }
        return normalizeUnicode(raw)
    }

    /// The ASCII fast path of ``normalize(_:)``: `nil` when `raw` is not ASCII (or not stored contiguously),
    /// otherwise the normalized string, which is `raw` itself when nothing needs to change.
    static func normalizeIfASCII(_ raw: String) -> String? {
        let result: String?? = raw.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            // First pass: is it ASCII, and is it already normalized?
            var needsRewrite = false
            var afterWhitespace = true  // the start counts as whitespace, so a leading space needs a rewrite
            for byte in bytes {
                if byte >= 0x80 {
                    return nil
                }
                if isASCIIWhitespace(byte) {
                    if byte != 0x20 || afterWhitespace {
                        needsRewrite = true
                    }
                    afterWhitespace = true
                } else {
                    if isASCIIUppercase(byte) {
                        needsRewrite = true
                    }
                    afterWhitespace = false
                }
            }
            if afterWhitespace && !bytes.isEmpty {
                needsRewrite = true  // trailing whitespace
            }
            guard needsRewrite else {
                return raw
            }
            // Second pass: trim, collapse and lowercase into a new string; the result is never longer.
            return String(unsafeUninitializedCapacity: bytes.count) { output in
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    if isASCIIWhitespace(byte) {
                        pendingSpace = count > 0
                        continue
                    }
                    if pendingSpace {
                        output[count] = 0x20
                        count &+= 1
                        pendingSpace = false
                    }
                    output[count] = isASCIIUppercase(byte) ? byte | 0x20 : byte
                    count &+= 1
                }
                return count
            }
        }
        return result ?? nil
    }

    /// The general path of ``normalize(_:)``, correct for every string (including ASCII ones).
    static func normalizeUnicode(_ raw: String) -> String {
        let composed = isTriviallyNFC(raw) ? raw : raw.precomposedStringWithCanonicalMapping
        let folded = collapsingWhitespace(composed).folding(options: [.caseInsensitive], locale: nil)
        return isTriviallyNFC(folded) ? folded : folded.precomposedStringWithCanonicalMapping
    }

    /// Trims whitespace (scalars with the Unicode `White_Space` property) and turns every inner run of it into one
    /// ASCII space.
    private static func collapsingWhitespace(_ text: String) -> String {
        // The result is never longer than the input: every run of whitespace shrinks to at most one byte.
        String(unsafeUninitializedCapacity: text.utf8.count) { output in
            var count = 0
            var pendingSpace = false
            for scalar in text.unicodeScalars {
                if scalar.properties.isWhitespace {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    output[count] = 0x20
                    count &+= 1
                    pendingSpace = false
                }
                UTF8.encode(scalar) { codeUnit in
                    output[count] = codeUnit
                    count &+= 1
                }
            }
            return count
        }
    }

    /// Whether `text` is certainly in NFC because all its scalars are below U+0300 (all its UTF-8 bytes are below
    /// 0xCC): no such scalar has a canonical combining class, changes under NFC, or composes with another.
    @inline(__always)
    private static func isTriviallyNFC(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0xCC }
    }

    /// Whether `byte` is ASCII whitespace with the Unicode `White_Space` property: tab, LF, VT, FF, CR or space.
    @inline(__always)
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether `byte` is an ASCII capital letter, `A`…`Z`.
    @inline(__always)
    private static func isASCIIUppercase(_ byte: UInt8) -> Bool {
        byte &- 0x41 < 26
    }
}
