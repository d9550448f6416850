import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

/// `GTIN.normalize` on 100,000 generated inputs from a fixed seed: valid codes in every accepted form, mutated by
/// digit flips, separators, deletions, insertions, truncations and foreign characters. Nothing crashes, every
/// failure is a `GTINError` (the typed throw), and every success is canonical: ASCII digits of length 8, 13 or
/// 14 with a correct check digit, that normalizes to itself.
@Suite("GTIN normalization fuzz")
struct GTINFuzzTests {
    static let iterations = 100_000

    /// Valid codes in every form the parser accepts.
    static let seeds = [
        "9506000134352", "4012345678901", "036000291452", "95012346", "09506000134352", "19506000134359",
        "0 36000 29145 2", "950-6000-134352", "(01)09506000134352", "(01)19506000134359(17)250101(10)ABC",
        "https://id.gs1.org/01/09506000134352", "https://example.com/01/09506000134352/10/LOT?x=1", "01234565",
        "\u{FEFF}9506000134352\u{00A0}",
    ]

    /// Characters a mutation inserts: digits, separators, parentheses, slashes, letters, controls, wide digits.
    static let alphabet: [String] = Array("0123456789 -\t\n()/.:?=ABCxé").map(String.init)
        + ["\u{0}", "\u{7F}", "\u{FEFF}", "\u{00A0}", "\u{0663}", "\u{FF11}", "1\u{0301}", "🇫🇷", "\u{202E}"]

    static func mutate(_ seed: String, using random: inout SeededRandomNumberGenerator) -> String {
        var characters = Array(seed)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0 where !characters.isEmpty: characters[position] = Character(String(Int.random(in: 0...9, using: &random)))
            case 1 where !characters.isEmpty: characters.remove(at: position)
            case 2: characters.insert(contentsOf: alphabet.randomElement(using: &random)!, at: position)
            case 3: characters = Array(characters.prefix(Int.random(in: 0...characters.count, using: &random)))
            case 4 where characters.count > 1:
                characters.swapAt(position, Int.random(in: 0..<characters.count, using: &random))
            case 5: characters += Array(String(repeating: "9", count: Int.random(in: 0...600, using: &random)))
            default: characters.insert(contentsOf: String(Int.random(in: 0...99_999, using: &random)), at: position)
            }
        }
        return String(characters)
    }

    @Test("100,000 mutated codes never crash, fail only with GTINError and succeed only with canonical codes")
    func fuzzNormalize() {
        var random = SeededRandomNumberGenerator(seed: 0x5EED_6715)
        var accepted = 0
        for iteration in 0..<Self.iterations {
            let seed = Self.seeds[iteration % Self.seeds.count]
            let input = iteration < Self.seeds.count ? seed : Self.mutate(seed, using: &random)
            let normalized: String
            do throws(GTINError) {
                normalized = try GTIN.normalize(input, format: iteration % 10 == 9 ? .upcE : .automatic)
            } catch {
                continue
            }
            accepted += 1
            let canonical = normalized.utf8.allSatisfy { (0x30...0x39).contains($0) } && [8, 13, 14].contains(normalized.utf8.count)
                && GTIN.checkDigit(for: normalized.dropLast()) == normalized.last?.wholeNumberValue
            #expect(canonical, "\(String(reflecting: input)) normalized to \(normalized)")
            #expect((try? GTIN.normalize(normalized)) == normalized, "\(String(reflecting: input)) → \(normalized) does not re-normalize to itself")
            if !canonical { break }
        }
        #expect(accepted >= Self.seeds.count)
    }
}
