import Foundation
import InventoryKitTesting
import Testing

@testable import InventoryKit

/// A manufacturer key drops trailing legal forms, judging an ASCII word on its bytes; the answer must be the
/// character and Foundation path's (`isLegalFormAnyText`) for every word.
@Suite("Legal forms on bytes")
struct LegalFormBytewiseTests {
    @Test("Names' last words are judged as the character path judges them")
    func examplesAgree() {
        let words = [
            "", ",", ",,", ".", "..", "inc", "inc.", "inc.,", "inc,,", "i.n.c.", "l.p.", "l.p", "l.p.,", "lp", "s.p.a.", "s.p.a,",
            "spa", "a/s", "a/s,", "gmbh", "co.", "co,", "co.,", "kgaa", "ltd.", "nintendo", "apple,", "l.l.c.", ".inc", "in,c",
            "\r\n", "inc\r\n", "co\u{301}", "ïnc", "ınc", "inc\u{200D}", "ｉｎｃ", "inc\u{2024}", "l\u{2024}p\u{2024}",
        ]
        for word in words {
            #expect(NamedEntityKeys.isLegalForm(word) == NamedEntityKeys.isLegalFormAnyText(word), "\(word.debugDescription)")
        }
        #expect(NamedEntityKeys.isLegalForm("Ltd.".lowercased()))
        #expect(!NamedEntityKeys.isLegalForm("spa"))
    }

    @Test("For 20,000 generated words of letters, dots, commas and marks, the answers agree")
    func generatedWordsAgree() {
        var random = SeededRandomNumberGenerator(seed: 2_026_0512)
        let pieces = [
            "i", "n", "c", "o", "l", "t", "d", "p", "s", "a", "g", "m", "b", "h", "k", "/", ".", ",", "co", "inc", "ltd",
            "gmbh", "\u{301}", "é", "\r\n", "\u{200D}",
        ]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let word = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            if NamedEntityKeys.isLegalForm(word) != NamedEntityKeys.isLegalFormAnyText(word) {
                disagreements.append(word.debugDescription)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) words, among them \(disagreements.prefix(10))")
    }
}
