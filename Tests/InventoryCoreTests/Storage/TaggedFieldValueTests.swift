import Foundation
import InventoryKit
import Testing

@Suite("TaggedFieldValue: the compact JSON form of indexed fields")
struct TaggedFieldValueTests {
    private static func coders() -> (JSONEncoder, JSONDecoder) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = TaggedFieldValue.nonFiniteEncoding
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = TaggedFieldValue.nonFiniteDecoding
        return (encoder, decoder)
    }

    @Test("every kind, extreme and non-finite values included, reads back exactly as written")
    func roundTrip() throws {
        let (encoder, decoder) = Self.coders()
        let values: [FieldValue] = [
            .null, .bool(true), .bool(false), .int(.min), .int(.max), .double(2.5), .double(.infinity),
            .double(-.infinity), .string("lait \"entier\" / ☕"), .date(Date(timeIntervalSinceReferenceDate: -12.125)),
        ]
        let decoded = try decoder.decode(
            [TaggedFieldValue].self, from: try encoder.encode(values.map(TaggedFieldValue.init)))
        #expect(decoded.map(\.value) == values)
        let nan = try decoder.decode(TaggedFieldValue.self, from: try encoder.encode(TaggedFieldValue(.double(.nan))))
        guard case .double(let number) = nan.value else {
            Issue.record("NaN read back as \(nan.value)")
            return
        }
        #expect(number.isNaN)
    }

    @Test("values are written as null or a [kind, value] pair")
    func form() throws {
        let (encoder, _) = Self.coders()
        let fields: [String: TaggedFieldValue] = [
            "n": TaggedFieldValue(.int(3)), "t": TaggedFieldValue(.string("lait")), "z": TaggedFieldValue(.null),
            "d": TaggedFieldValue(.date(Date(timeIntervalSinceReferenceDate: 12.5))),
        ]
        #expect(
            String(decoding: try encoder.encode(fields), as: UTF8.self)
                == #"{"d":["date",12.5],"n":["int",3],"t":["string","lait"],"z":null}"#)
    }

    @Test("the synthesized FieldValue form is a type mismatch, and an unknown kind is corrupt data")
    func rejectsOtherForms() {
        let (_, decoder) = Self.coders()
        #expect {
            try decoder.decode(TaggedFieldValue.self, from: Data(#"{"string":{"_0":"lait"}}"#.utf8))
        } throws: { error in
            if case DecodingError.typeMismatch = error { return true }
            return false
        }
        #expect {
            try decoder.decode(TaggedFieldValue.self, from: Data(#"["uuid","x"]"#.utf8))
        } throws: { error in
            if case DecodingError.dataCorrupted = error { return true }
            return false
        }
    }
}
