import Foundation
@testable import ProductImport
import Testing

/// Multi-line texts keep their breaks and lose everything else a label's text should not carry.
@Suite("Import text blocks")
struct ImportTextTests {
    private func block(_ raw: String, limit: Int = 100) -> (String?, [ImportWarning]) {
        var warnings: [ImportWarning] = []
        let text = ImportText.block(raw, field: "ingredients_text", limit: limit, warnings: &warnings)
        return (text, warnings)
    }

    @Test("A clean line comes back as it is; untidy text is cleaned line by line")
    func blocksAreCleaned() {
        #expect(block("Sugar, milk (35,5%), cocoa").0 == "Sugar, milk (35,5%), cocoa")
        #expect(block("Crème 🍮 & <b>sel</b>").0 == "Crème 🍮 & sel")
        #expect(block("  Sugar,\t milk \r\n\r\n\r\n\r\ncocoa  ").0 == "Sugar, milk\n\ncocoa")
        #expect(block("Sugar &amp; milk").0 == "Sugar & milk")
        #expect(block("a\u{A0}b").0 == "a b")
        #expect(block("   ").0 == nil)
    }

    @Test("A line over the limit is cut with one warning naming the whole text's length")
    func longCleanLinesAreCut() {
        let (text, warnings) = block(String(repeating: "ab ", count: 50) + "end", limit: 20)
        #expect(text == "ab ab ab ab ab ab ab")
        #expect(warnings == [.truncated(field: "ingredients_text", length: 153, limit: 20)])
    }

    @Test("Within ASCII, the scalars a line drops are exactly Unicode's whitespace and control characters")
    func asciiSpaceOrControlMatchesUnicode() {
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let unicode = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            #expect(ImportText.isSpaceOrControl(scalar) == unicode, "U+\(String(value, radix: 16))")
        }
        #expect(ImportText.isSpaceOrControl("\u{A0}") && ImportText.isSpaceOrControl("\u{85}"))
        #expect(!ImportText.isSpaceOrControl("é") && !ImportText.isSpaceOrControl("\u{200B}"))
    }
}
