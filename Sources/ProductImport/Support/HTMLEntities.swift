import Foundation

/// Decodes the HTML entities providers leave in text (`&amp;`, `&#39;`, `&#x27;`, `&eacute;`, …) and strips tags.
enum HTMLEntities {
    /// The text with entities replaced by their characters; unknown entities stay as written.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            if let decoded = decodeEntity(name) {
                result.append(decoded)
                index = text.index(after: semicolon)
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }

    /// The text without HTML tags such as `<span class="allergen">`; a `<` not starting a tag stays.
    static func stripTags(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "<", next < text.endIndex, text[next].isLetter || text[next] == "/",
                let close = text[next...].prefix(200).firstIndex(of: ">")
            {
                index = text.index(after: close)
                continue
            }
            result.append(character)
            index = next
        }
        return result
    }

    private static func decodeEntity(_ name: Substring) -> Character? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(Character.init)
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map(Character.init)
        }
        return named[String(name)]
    }

    private static let named: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "eacute": "é", "Eacute": "É",
        "egrave": "è", "Egrave": "È", "ecirc": "ê", "euml": "ë", "agrave": "à", "Agrave": "À", "acirc": "â",
        "auml": "ä", "Auml": "Ä", "ccedil": "ç", "Ccedil": "Ç", "icirc": "î", "iuml": "ï", "ocirc": "ô",
        "ouml": "ö", "Ouml": "Ö", "ugrave": "ù", "ucirc": "û", "uuml": "ü", "Uuml": "Ü", "szlig": "ß",
        "oelig": "œ", "aelig": "æ", "oslash": "ø", "Oslash": "Ø", "aring": "å", "ntilde": "ñ", "euro": "€",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "hellip": "…", "ndash": "–", "mdash": "—",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "times": "×",
        "middot": "·", "micro": "µ",
    ]
}
