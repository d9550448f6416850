import Foundation
@testable import ProductImport
import Testing

/// `JSONParser.parse(_:)` gives, for every input of ``HostileJSON``, the value or the failure (reason and byte) it
/// gave before values could be skipped: a digest of all the outcomes, taken with the parser as it was, is pinned.
@Suite("JSON parser outcomes")
struct JSONParserOutcomeTests {
    /// The digest of the outcomes of the parser before skipping was added (`43b724c`).
    static let pinnedDigest: UInt64 = 9_908_533_333_710_924_432

    /// A value written out with its members in byte order of their names, so equal values read equal.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): "n\(number)"
        case .string(let text): "s\(text.utf8.count):\(text)"
        case .array(let elements): "[" + elements.map(canonical).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                .map { "s\($0.utf8.count):\($0)=" + canonical(members[$0] ?? .null) }.joined(separator: ",") + "}"
        }
    }

    /// FNV-1a over each outcome's bytes, one outcome after the other.
    static func digest(of outcomes: [String]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for outcome in outcomes {
            for byte in outcome.utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }

    @Test("every hostile input parses to the value, or fails at the byte with the reason, it did before")
    func outcomesAsBefore() throws {
        let outcomes = try HostileJSON.all().map { input in
            do {
                return Self.canonical(try JSONParser.parse(input))
            } catch {
                return "!\(error)"
            }
        }
        #expect(outcomes.count > 10_000)
        let digest = Self.digest(of: outcomes)
        #expect(digest == Self.pinnedDigest, "digest \(String(digest, radix: 16))")
    }
}
