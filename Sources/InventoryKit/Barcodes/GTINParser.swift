import Foundation

/// A character of the input that is not a separator, with its offset in the original input.
private struct ScannedCharacter {
    let character: Character
    let offset: Int
}

/// The rules behind ``GTIN/normalize(_:format:)``.
enum GTINParser {
    /// The digit counts a GTIN can have.
    private static let validLengths: Set<Int> = [8, 12, 13, 14]

    /// Characters ignored anywhere in the input.
    private static let separators: Set<Unicode.Scalar> = [
        " ", "-", "\t", "\n", "\r", "\u{0B}", "\u{0C}",
        "\u{00A0}",  // no-break space
        "\u{202F}",  // narrow no-break space
        "\u{FEFF}",  // byte order mark
    ]

    static func normalize(_ raw: String, format: GTINInputFormat) throws(GTINError) -> String {
        let byteCount = raw.utf8.count
        guard byteCount <= GTIN.maximumInputLength else {
            throw .tooLong(byteCount)
        }
        // Plain ASCII digits (a stored or scanned code) read as the general path reads them, without splitting the
        // text into characters: no separator to drop, no element string, no Digital Link.
        if format == .automatic, let digits = asciiDigits(of: raw) {
            return try normalizeDigits(digits)
        }
        let scanned = significantCharacters(of: raw)
        guard let first = scanned.first else {
            throw .empty
        }
        if first.character == "(" {
            return try normalizeElementString(scanned)
        }
        if let pathStart = digitalLinkPathStart(scanned) {
            return try normalizeDigitalLink(scanned, pathStart: pathStart)
        }
        switch format {
        case .automatic:
            return try normalizeDigits(scanned[...])
        case .upcE:
            return try normalizeUPCE(scanned[...])
        }
    }

    /// The value of an ASCII digit byte, or `nil` for any other byte.
    static func digitValue(ofASCII byte: UInt8) -> UInt8? {
        (0x30...0x39).contains(byte) ? byte - 0x30 : nil
    }

    /// The characters of `raw` that are not separators, with their offsets.
    private static func significantCharacters(of raw: String) -> [ScannedCharacter] {
        var scanned: [ScannedCharacter] = []
        for (offset, character) in raw.enumerated()
        where !character.unicodeScalars.allSatisfy({ separators.contains($0) }) {
            scanned.append(ScannedCharacter(character: character, offset: offset))
        }
        return scanned
    }

    private static func text(of characters: some Sequence<ScannedCharacter>) -> String {
        String(characters.map(\.character))
    }

    // MARK: Digits

    /// The digit values of `characters`, which must all be ASCII digits.
    private static func digits(of characters: ArraySlice<ScannedCharacter>) throws(GTINError) -> [UInt8] {
        var digits: [UInt8] = []
        digits.reserveCapacity(characters.count)
        for scanned in characters {
            guard let ascii = scanned.character.asciiValue,
                scanned.character.unicodeScalars.count == 1,
                let digit = digitValue(ofASCII: ascii)
            else {
                throw .invalidCharacter(scanned.character, offset: scanned.offset)
            }
            digits.append(digit)
        }
        return digits
    }

    private static func checkDigit(of body: some BidirectionalCollection<UInt8>) -> UInt8 {
        var sum = 0
        var weight = 3
        for digit in body.reversed() {
            sum += Int(digit) * weight
            weight = 4 - weight
        }
        return UInt8((10 - sum % 10) % 10)
    }

    private static func verifyCheckDigit(of digits: [UInt8]) throws(GTINError) {
        guard let actual = digits.last else {
            throw .empty
        }
        let expected = checkDigit(of: digits.dropLast())
        guard expected == actual else {
            throw .invalidCheckDigit(expected: Int(expected), actual: Int(actual))
        }
    }

    /// The canonical spelling of a valid 8-, 12-, 13- or 14-digit code: an EAN-8 in any zero-padded form (its
    /// value fits 8 digits) is its 8 digits, as GS1 pads a GTIN-8 and Open Food Facts strips the padding; UPC-A and
    /// a GTIN-14 with indicator 0 are their 13 digits.
    private static func canonical(_ digits: [UInt8]) -> String {
        let kept: ArraySlice<UInt8>
        let leadingZeros = digits.prefix { $0 == 0 }.count
        switch digits.count {
        case 9...14 where digits.count - leadingZeros <= 8:
            kept = digits.suffix(8)
        case 12:
            kept = [0] + digits[...]
        case 14 where digits.first == 0:
            kept = digits.dropFirst()
        default:
            kept = digits[...]
        }
        return String(decoding: kept.map { $0 + 0x30 }, as: UTF8.self)
    }

    private static func normalizeDigits(_ characters: ArraySlice<ScannedCharacter>) throws(GTINError) -> String {
        try normalizeDigits(try digits(of: characters))
    }

    /// The values of `raw`'s bytes when every one is an ASCII digit (and there is one), or `nil`.
    private static func asciiDigits(of raw: String) -> [UInt8]? {
        var digits: [UInt8] = []
        digits.reserveCapacity(14)
        for byte in raw.utf8 {
            guard let digit = digitValue(ofASCII: byte) else { return nil }
            digits.append(digit)
        }
        return digits.isEmpty ? nil : digits
    }

    private static func normalizeDigits(_ digits: [UInt8]) throws(GTINError) -> String {
        guard validLengths.contains(digits.count) else {
            throw .invalidLength(digits.count)
        }
        try verifyCheckDigit(of: digits)
        return canonical(digits)
    }

    // MARK: UPC-E

    private static func normalizeUPCE(_ characters: ArraySlice<ScannedCharacter>) throws(GTINError) -> String {
        let digits = try digits(of: characters)
        let numberSystem: UInt8
        let data: [UInt8]
        let givenCheckDigit: UInt8?
        switch digits.count {
        case 6:
            numberSystem = 0
            data = digits
            givenCheckDigit = nil
        case 7:
            numberSystem = digits[0]
            data = Array(digits[1...6])
            givenCheckDigit = nil
        case 8:
            numberSystem = digits[0]
            data = Array(digits[1...6])
            givenCheckDigit = digits[7]
        default:
            throw .invalidUPCE(reason: "expected 6, 7 or 8 digits, found \(digits.count)")
        }
        guard numberSystem <= 1 else {
            throw .invalidUPCE(reason: "number system must be 0 or 1, found \(numberSystem)")
        }
        let body = [numberSystem] + expandedUPCEBody(data)
        let expected = checkDigit(of: body)
        if let givenCheckDigit, givenCheckDigit != expected {
            throw .invalidCheckDigit(expected: Int(expected), actual: Int(givenCheckDigit))
        }
        return canonical(body + [expected])
    }

    /// The ten UPC-A digits after the number system, from the six UPC-E data digits.
    private static func expandedUPCEBody(_ data: [UInt8]) -> [UInt8] {
        let (d1, d2, d3, d4, d5, d6) = (data[0], data[1], data[2], data[3], data[4], data[5])
        switch d6 {
        case 0...2:
            return [d1, d2, d6, 0, 0, 0, 0, d3, d4, d5]
        case 3:
            return [d1, d2, d3, 0, 0, 0, 0, 0, d4, d5]
        case 4:
            return [d1, d2, d3, d4, 0, 0, 0, 0, 0, d5]
        default:
            return [d1, d2, d3, d4, d5, 0, 0, 0, 0, d6]
        }
    }

    // MARK: GS1 element strings

    /// Reads `(AI)value(AI)value…` and normalizes the 14 digits of AI (01); the other AIs are checked for
    /// shape and ignored.
    private static func normalizeElementString(_ scanned: [ScannedCharacter]) throws(GTINError) -> String {
        let elementString = text(of: scanned)
        func malformed(_ reason: String) -> GTINError {
            .malformedElementString(elementString, reason: reason)
        }
        var gtinValue: ArraySlice<ScannedCharacter>?
        var index = scanned.startIndex
        while index < scanned.endIndex {
            // Each element starts with "(": the loop starts at one, and values end at the next one.
            let open = scanned[index]
            index += 1
            let identifierStart = index
            while index < scanned.endIndex, scanned[index].character != ")" {
                guard let ascii = scanned[index].character.asciiValue, digitValue(ofASCII: ascii) != nil else {
                    if scanned[index].character == "(" {
                        throw malformed("unbalanced parentheses: \"(\" at offset \(open.offset) is not closed")
                    }
                    throw malformed(
                        "application identifier at offset \(open.offset) holds "
                            + "\"\(scanned[index].character)\", not only digits"
                    )
                }
                index += 1
            }
            guard index < scanned.endIndex else {
                throw malformed("unbalanced parentheses: \"(\" at offset \(open.offset) is not closed")
            }
            let identifier = text(of: scanned[identifierStart..<index])
            guard (2...4).contains(identifier.count) else {
                throw malformed("application identifier \"(\(identifier))\" must have 2 to 4 digits")
            }
            index += 1
            let valueStart = index
            while index < scanned.endIndex, scanned[index].character != "(" {
                guard scanned[index].character != ")" else {
                    throw malformed("unbalanced parentheses: \")\" at offset \(scanned[index].offset) has no \"(\"")
                }
                index += 1
            }
            let value = scanned[valueStart..<index]
            guard !value.isEmpty else {
                throw malformed("application identifier (\(identifier)) has no value")
            }
            if identifier == "01" {
                guard gtinValue == nil else {
                    throw malformed("application identifier (01) appears more than once")
                }
                gtinValue = value
            }
        }
        guard let gtinValue else {
            throw .missingGTINElement(elementString: elementString)
        }
        let digits = try digits(of: gtinValue)
        guard digits.count == 14 else {
            throw malformed("application identifier (01) must carry exactly 14 digits, found \(digits.count)")
        }
        try verifyCheckDigit(of: digits)
        return canonical(digits)
    }

    // MARK: GS1 Digital Link

    /// The index where the path of an `http://` or `https://` URL starts, or `nil` when the input is no URL.
    private static func digitalLinkPathStart(_ scanned: [ScannedCharacter]) -> Int? {
        for scheme in ["https://", "http://"] where scanned.count >= scheme.count {
            let prefix = text(of: scanned.prefix(scheme.count)).lowercased()
            if prefix == scheme {
                let hostStart = scheme.count
                return scanned[hostStart...].firstIndex { $0.character == "/" } ?? scanned.endIndex
            }
        }
        return nil
    }

    /// Normalizes the GTIN in the `/01/<gtin>` path segment of a GS1 Digital Link URL.
    private static func normalizeDigitalLink(
        _ scanned: [ScannedCharacter],
        pathStart: Int
    ) throws(GTINError) -> String {
        let url = text(of: scanned)
        let pathEnd =
            scanned[pathStart...].firstIndex { $0.character == "?" || $0.character == "#" }
            ?? scanned.endIndex
        let segments = scanned[pathStart..<pathEnd].split(omittingEmptySubsequences: false) { $0.character == "/" }
        guard let keyIndex = segments.firstIndex(where: { text(of: $0) == "01" }) else {
            throw .missingGTINElement(elementString: url)
        }
        let valueIndex = keyIndex + 1
        guard valueIndex < segments.endIndex, !segments[valueIndex].isEmpty else {
            throw .malformedElementString(url, reason: "the path segment /01/ is not followed by a GTIN")
        }
        return try normalizeDigits(segments[valueIndex])
    }
}

extension GTINError {
    /// The name of the case, for messages that name the error.
    var caseName: String {
        switch self {
        case .empty: "empty"
        case .tooLong: "tooLong"
        case .invalidCharacter: "invalidCharacter"
        case .invalidLength: "invalidLength"
        case .invalidCheckDigit: "invalidCheckDigit"
        case .invalidUPCE: "invalidUPCE"
        case .missingGTINElement: "missingGTINElement"
        case .malformedElementString: "malformedElementString"
        }
    }
}
