import Foundation
import InventoryKitTesting
import Testing

@testable import ProductImport

/// The packaging parser reads ASCII quantity texts on their bytes and makes the numbers' `Decimal`s from their
/// digits; both must give what the character walk and `Decimal(string:locale:)` give, to the `Decimal`'s stored
/// form.
@Suite("Packaging tokenizer")
struct PackagingTokenizerTests {
    /// A token spelled with its `Decimal`'s stored bytes, so `0.000` and `0` differ (`==` on `Decimal` is numeric).
    private func spelled(_ tokens: [PackagingParser.Token]) -> [String] {
        tokens.map { token in
            switch token {
            case .number(let value): "n\(Self.storedBytes(value)) \(value)"
            case .word(let word): "w\(Array(word.utf8))"
            case .times: "x"
            }
        }
    }

    private static func storedBytes(_ value: Decimal) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }

    @Test("Labels' ASCII quantities tokenize as the character walk tokenizes them")
    func examplesAgree() throws {
        let texts = [
            "730 g", "500ml", "0.5l", "1,5 kg", "33 cl", "6 x 330 ml", "6x33cl", "330 ml x 24", "12 fl. oz", "1pcs",
            "net wt 250 grams", "1 Baguette", "x", "5", "", " ", "6\r\nx 2 l", "2x\r\n3 g", "0.000 g", "1.2.3 g", "1,,5 g",
            "..g..", "Xx 4 x", "12345678901234567890 g", "007 g", "3 X4", "a1x2b", "1.5.", "4,5,6 kg",
        ]
        for text in texts {
            let ascii = try #require(PackagingParser.tokenizeASCII(text), "\(text.debugDescription)")
            #expect(spelled(ascii) == spelled(PackagingParser.tokenizeCharacters(text)), "\(text.debugDescription)")
        }
        #expect(PackagingParser.tokenizeASCII("440 g égoutté") == nil)
        #expect(PackagingParser.tokenizeASCII("4 × 100 g") == nil)
    }

    @Test("For 20,000 generated ASCII texts, the byte walk's tokens are the character walk's")
    func generatedTextsAgree() throws {
        var random = SeededRandomNumberGenerator(seed: 2_026_0511)
        let pieces = [
            "0", "1", "5", "9", "00", "330", ".", ",", " ", "x", "X", "g", "ml", "Kg", "fl", "oz", "pcs", "\r\n", "\r", "\n",
            "\t", "-", "/", "(", ")", "%", "ab", "x6", "1234567890", "e", "E",
        ]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let ascii = try #require(PackagingParser.tokenizeASCII(text))
            if spelled(ascii) != spelled(PackagingParser.tokenizeCharacters(text)) { disagreements.append(text.debugDescription) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) texts, among them \(disagreements.prefix(10))")
    }

    @Test("Numbers made from their digits are Decimal(string:locale:)'s, stored form and all")
    func decimalsAgree() {
        let posix = Locale(identifier: "en_US_POSIX")
        var texts: [String] = []
        // Every shape of up to five digits with or without a point, and longer ones around the 18-digit limit.
        let digits = ["0", "1", "2", "5", "9"]
        var shapes = digits
        for _ in 1..<5 { shapes = shapes.flatMap { shape in digits.map { shape + $0 } } + shapes }
        for shape in shapes {
            texts.append(shape)
            for cut in 1..<shape.count { texts.append(String(shape.prefix(cut)) + "." + String(shape.dropFirst(cut))) }
        }
        texts += [
            "123456789012345678", "1234567890.12345678", "999999999999999999", "9999999999999999999", "0.000000000000000001",
            "18446744073709551615", "18446744073709551616", "100000000000000000000", "0.000", "000.000", "1.000000000000000000",
            "", ".", "1.", ".5", "1.2.3", "1e5", "-1",
        ]
        var disagreements: [String] = []
        for text in texts {
            let ours = PackagingParser.decimal(text).map(Self.storedBytes)
            let foundation = Decimal(string: text, locale: posix).map(Self.storedBytes)
            if ours != foundation { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(texts.count), among them \(disagreements.prefix(10))")
    }

    @Test("A unit word loses its edge dots as Foundation trims them")
    func edgeDotsAgree() {
        let words = ["", ".", "...", "g", "g.", ".g", "..fl.oz..", "a.b", "é.", ".é.", "e\u{301}.", ".\u{301}", "ℓ..", "x"]
        for word in words {
            #expect(
                PackagingParser.withoutEdgeDots(word) == word.trimmingCharacters(in: CharacterSet(charactersIn: ".")),
                "\(word.debugDescription)")
        }
    }
}
