import Foundation
import ProductModule

/// Reads a package quantity as labels print it into a structured `ProductPackaging`.
///
/// Understands a quantity and a unit (`"730 g"`, `"500ml"`, `"1.75 L ℮"`, `"1,5 kg"`, `"33 cl"`, `"12 fl. oz"`),
/// multipacks (`"6 x 330 ml"`, `"6x33cl"`, `"4 × 100 g"`, `"330 ml x 6"`), counts (`"1pcs"`, `"12 pieces"`), and
/// ignores words after the unit (`"440 g égoutté"`). The estimated sign ℮ is dropped. A number without a unit
/// (`"5"`) is not a quantity. An unknown unit word after a number is kept as `PackagingUnit/other(_:)`
/// (`"1 Baguette"`).
///
/// ```swift
/// PackagingParser.parse("6 x 330 ml")   // quantity 330, unit .ml, count 6, displayText "6 x 330 ml"
/// PackagingParser.parse("5")            // nil
/// ```
public enum PackagingParser {
    /// The packaging a quantity text describes, or `nil` when it has no amount with a unit.
    public static func parse(_ text: String) -> ProductPackaging? {
        let display = text.trimmedText()
        guard !display.isEmpty, display.count <= 200 else { return nil }
        let tokens = tokenize(display)
        // "N x Q unit"
        for index in tokens.indices {
            guard case .number(let count) = tokens[index], index + 2 < tokens.count, tokens[index + 1] == .times,
                case .number(let quantity) = tokens[index + 2], let unit = unit(at: index + 3, in: tokens),
                let items = wholeCount(count)
            else { continue }
            return make(quantity: quantity, unit: unit, count: items, display: display)
        }
        // "Q unit x N" or "Q unit"
        for index in tokens.indices {
            guard case .number(let quantity) = tokens[index], let unit = unit(at: index + 1, in: tokens) else { continue }
            var count = 1
            let after = index + 1 + unit.width
            if after + 1 < tokens.count, tokens[after] == .times, case .number(let multiplier) = tokens[after + 1],
                let items = wholeCount(multiplier)
            {
                count = items
            }
            return make(quantity: quantity, unit: unit, count: count, display: display)
        }
        return nil
    }

    // MARK: - Tokens

    /// A piece of a quantity text.
    enum Token: Equatable {
        case number(Decimal)
        case word(String)
        case times
    }

    private struct ParsedUnit {
        var unit: PackagingUnit
        var width: Int
    }

    /// The tokens of a quantity text: on its bytes when it is ASCII (``tokenizeASCII(_:)``), else on its
    /// characters (``tokenizeCharacters(_:)``). The estimated sign ℮ is replaced by a space first.
    static func tokenize(_ text: String) -> [Token] {
        // ℮ (E2 84 AE) is rare: look for its lead byte before replacing it.
        let text = text.utf8.contains(0xE2) ? text.replacingOccurrencesBytewise(of: "\u{212E}", with: " ") : text
        return tokenizeASCII(text) ?? tokenizeCharacters(text)
    }

    /// The tokens of a text, walking its characters: right for every text, and the reference the ASCII walk is
    /// tested against.
    static func tokenizeCharacters(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var characters = Array(text)
        characters.append(" ")
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isASCII, character.isNumber {
                var digits = ""
                while index < characters.count {
                    let next = characters[index]
                    if next.isASCII, next.isNumber {
                        digits.append(next)
                    } else if (next == "." || next == ","), index + 1 < characters.count, characters[index + 1].isASCII,
                        characters[index + 1].isNumber, !digits.contains(".")
                    {
                        digits.append(".")
                    } else {
                        break
                    }
                    index += 1
                }
                if let value = decimal(digits) {
                    tokens.append(.number(value))
                }
                continue
            }
            if character == "×" || ((character == "x" || character == "X") && isMultiplier(characters, at: index)) {
                tokens.append(.times)
                index += 1
                continue
            }
            if character.isLetter {
                var word = ""
                while index < characters.count, characters[index].isLetter || characters[index] == "." {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(.word(word))
                continue
            }
            index += 1
        }
        return tokens
    }

    /// The locale numbers are read in: `.` as the decimal separator (a decimal comma became one).
    static let posix = Locale(identifier: "en_US_POSIX")

    /// Whether an `x` stands alone between a number and what follows (`6 x 330`, `6x330`), not inside a word.
    private static func isMultiplier(_ characters: [Character], at index: Int) -> Bool {
        let before = index > 0 ? characters[index - 1] : " "
        let after = index + 1 < characters.count ? characters[index + 1] : " "
        return !before.isLetter && !after.isLetter
    }

    private static func unit(at index: Int, in tokens: [Token]) -> ParsedUnit? {
        guard index < tokens.count, case .word(let first) = tokens[index] else { return nil }
        if index + 1 < tokens.count, case .word(let second) = tokens[index + 1] {
            let pair = PackagingUnit(parsing: first + " " + second)
            if case .other = pair {} else { return ParsedUnit(unit: pair, width: 2) }
        }
        let single = PackagingUnit(parsing: first)
        if case .other = single {
            let bare = withoutEdgeDots(first)
            guard !bare.isEmpty, bare.count <= 24 else { return nil }
            return ParsedUnit(unit: .other(bare), width: 1)
        }
        return ParsedUnit(unit: single, width: 1)
    }

    private static func wholeCount(_ value: Decimal) -> Int? {
        var rounded = Decimal()
        var copy = value
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == value, value >= 1, value <= 10_000 else { return nil }
        return NSDecimalNumber(decimal: value).intValue
    }

    private static func make(quantity: Decimal, unit: ParsedUnit, count: Int, display: String) -> ProductPackaging? {
        guard quantity > 0 else { return nil }
        return ProductPackaging(quantity: quantity, unit: unit.unit, count: count, displayText: display)
    }
}
