import Foundation

/// The one normalization of category terms, applied to the mapping table's terms and to provider values alike,
/// so `"en:Dairies"`, `"dairy"`, `" DAIRIES "` and `"fr:dairies"` meet at one key.
enum CategoryTerm {
    /// The lookup key of a term: without a language prefix (`en:`), case and diacritics folded, every run of
    /// other characters than letters and digits one space, each word singular (`dairies` → `dairy`,
    /// `sandwiches` → `sandwich`, `thrillers` → `thriller`).
    static func key(_ raw: String) -> String {
        raw.utf8.allSatisfy({ $0 < 0x80 }) ? asciiKey(raw) : foldedKey(raw)
    }

    /// ``key(_:)`` of any term, through Foundation's case and diacritic folding (ASCII terms take a faster path
    /// with the same result).
    static func foldedKey(_ raw: String) -> String {
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

    /// ``key(_:)`` of an ASCII term, on its bytes and into one buffer: folding ASCII is lowercasing, its letters
    /// and digits are `a`–`z` and `0`–`9`, and each word is made singular as it ends (as ``singular(_:)`` does).
    private static func asciiKey(_ raw: String) -> String {
        var raw = raw
        return raw.withUTF8 { bytes -> String in
            var start = 0
            var end = bytes.count
            while start < end, bytes[start].isTrimmedASCIISpace { start += 1 }
            while start < end, bytes[end - 1].isTrimmedASCIISpace { end -= 1 }
            // A language prefix: two or three letters, then the first colon.
            if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")), (2...3).contains(colon - start),
                bytes[start..<colon].allSatisfy(isLetter)
            {
                start = colon + 1
            }
            var key: [UInt8] = []
            key.reserveCapacity(end - start)
            var wordStart = -1
            for index in start..<end {
                var byte = bytes[index]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                let isWordByte = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                if isWordByte {
                    if wordStart < 0 {
                        if !key.isEmpty { key.append(UInt8(ascii: " ")) }
                        wordStart = key.count
                    }
                    key.append(byte)
                } else if wordStart >= 0 {
                    makeSingular(&key, wordStart: wordStart)
                    wordStart = -1
                }
            }
            if wordStart >= 0 { makeSingular(&key, wordStart: wordStart) }
            return String(decoding: key, as: UTF8.self)
        }
    }

    /// ``singular(_:)`` of the lowercase ASCII word at the end of `key`, in place.
    private static func makeSingular(_ key: inout [UInt8], wordStart: Int) {
        let length = key.count - wordStart
        guard length > 3 else { return }
        func endsWith(_ suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            guard length >= count else { return false }
            let base = key.count - count
            for offset in 0..<count where key[base + offset] != suffix.utf8Start[offset] { return false }
            return true
        }
        if endsWith("ies") {
            key.removeLast(3)
            key.append(UInt8(ascii: "y"))
        } else if endsWith("oes") || endsWith("ches") || endsWith("shes") || endsWith("sses") || endsWith("xes")
            || endsWith("zes")
        {
            key.removeLast(2)
        } else if endsWith("ss") || endsWith("us") || endsWith("is") {
            return
        } else if endsWith("s") {
            key.removeLast()
        }
    }


    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
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
