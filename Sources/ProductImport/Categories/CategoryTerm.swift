import Foundation

/// The one normalization of category terms, applied to the mapping table's terms and to provider values alike,
/// so `"en:Dairies"`, `"dairy"`, `" DAIRIES "` and `"fr:dairies"` meet at one key.
enum CategoryTerm {
    /// The lookup key of a term: without a language prefix (`en:`), case and diacritics folded, every run of
    /// other characters than letters and digits one space, each word singular (`dairies` → `dairy`,
    /// `sandwiches` → `sandwich`, `thrillers` → `thriller`).
    static func key(_ raw: String) -> String {
        if raw.utf8.allSatisfy({ $0 < 0x80 }) { return asciiKey(raw) }
        let folded = withoutLanguagePrefix(raw).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var words: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(singular(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(singular(current)) }
        return words.joined(separator: " ")
    }

    /// ``key(_:)`` of an ASCII term, on its bytes: folding ASCII is lowercasing, and its letters and digits are
    /// `a`–`z` and `0`–`9`.
    private static func asciiKey(_ raw: String) -> String {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in withoutLanguagePrefix(raw).utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(byte + 32)
            default:
                if !current.isEmpty {
                    words.append(singular(String(decoding: current, as: UTF8.self)))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(singular(String(decoding: current, as: UTF8.self))) }
        return words.joined(separator: " ")
    }

    /// The term without a leading language prefix of two or three letters and a colon (`en:`, `fr:`, `zh:`).
    static func withoutLanguagePrefix(_ raw: String) -> String {
        let trimmed = raw.trimmedText()
        guard let colon = trimmed.firstIndex(of: ":") else { return trimmed }
        let prefix = trimmed[..<colon]
        guard (2...3).contains(prefix.count), prefix.allSatisfy({ $0.isASCII && $0.isLetter }) else { return trimmed }
        return String(trimmed[trimmed.index(after: colon)...])
    }

    /// The singular of an English (or French) plural word; short words stay as they are.
    static func singular(_ word: String) -> String {
        guard word.count > 3 else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") { return String(word.dropLast(2)) }
        for suffix in ["ches", "shes", "sses", "xes", "zes"] where word.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }
}
