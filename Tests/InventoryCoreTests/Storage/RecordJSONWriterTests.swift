import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

/// `RecordJSONWriter` spells values byte for byte as `RecordCoding.encode` does.
@Suite("Record JSON writer")
struct RecordJSONWriterTests {
    /// A value the encoder writes as a one-member object, so both sides write the same shape.
    private struct Box<Value: Encodable>: Encodable {
        var value: Value
    }

    private func written(_ write: (inout RecordJSONWriter) throws -> Void) rethrows -> String {
        var writer = RecordJSONWriter()
        writer.beginObject()
        writer.member("value")
        try write(&writer)
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try RecordCoding.encode(Box(value: value)), as: UTF8.self)
    }

    @Test("Every ASCII byte, multi-byte text and slashes are escaped exactly as the encoder escapes them")
    func stringsMatchTheEncoder() throws {
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["", "a/b", "quote \" and \\ backslash", "Crème brûlée 🍮", "\u{2028}\u{2029}", "\u{7F}\u{80}\u{FEFF}"]
        texts.append(String((0..<128).map { Character(UnicodeScalar(UInt8($0))) }))
        for text in texts {
            #expect(written { $0.string(text) } == (try encoded(text)), "text \(Array(text.utf8))")
        }
    }

    @Test("Doubles, including integral, tiny, huge and negative ones, are spelled as the encoder spells them")
    func numbersMatchTheEncoder() throws {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 1.5, 100, 1e16, 1e21, 1e-7, 123_456_789.123_456_789, .ulpOfOne,
                                .greatestFiniteMagnitude, .leastNonzeroMagnitude, 7.62e8, 8.0e-5]
        var random = SeededRandomNumberGenerator(seed: 7)
        for _ in 0..<2_000 {
            let bits = UInt64.random(in: .min ... .max, using: &random)
            let value = Double(bitPattern: bits)
            if value.isFinite { values.append(value) }
            values.append(Double.random(in: -1e9...1e9, using: &random))
            values.append((Double.random(in: 0...1, using: &random) * 1000).rounded() / 1000)
        }
        for value in values {
            #expect(try written { try $0.number(value) } == (try encoded(value)), "value \(value)")
        }
        for value in [Int64.min, -1, 0, 42, Int64.max] {
            #expect(written { $0.number(value) } == (try encoded(value)))
        }
    }

    @Test("A writer that repeats numbers, next to each other or a few apart, still spells each as the encoder does")
    func repeatedNumbersMatchTheEncoder() throws {
        // The writer remembers the spelling of the last two numbers: repeats at every distance, and the two zeros
        // (equal as numbers, spelled differently), must each come out right.
        let pool: [Double] = [0, -0.0, 1.5, -1.5, 786_123_456.123_456_7, 786_123_456, 1e16, 1e-7, 42]
        var random = SeededRandomNumberGenerator(seed: 23)
        let values = (0..<5_000).map { _ in pool[Int.random(in: 0..<pool.count, using: &random)] }
        var writer = RecordJSONWriter()
        writer.beginArray()
        for value in values { try writer.number(value) }
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(decoding: try RecordCoding.encode(values), as: UTF8.self))
    }

    @Test("Decimals, with many digits, negative, zero and at extreme exponents, are spelled as the encoder spells them")
    func decimalsMatchTheEncoder() throws {
        var values: [Decimal] = [
            0, 1, -1, Decimal(sign: .minus, exponent: 0, significand: 0), .greatestFiniteMagnitude,
            .leastNonzeroMagnitude, Decimal(sign: .plus, exponent: 127, significand: 1),
            Decimal(sign: .minus, exponent: -127, significand: 5),
        ]
        values += ["0.1", "-2.5", "1.2345678901234567890123456789012345678", "1e-20", "7e30", "-98765432109876543210.5"]
            .compactMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
        var random = SeededRandomNumberGenerator(seed: 11)
        for _ in 0..<500 {
            values.append(Decimal(
                sign: Bool.random(using: &random) ? .plus : .minus, exponent: Int.random(in: -60...60, using: &random),
                significand: Decimal(random.next())))
        }
        for value in values {
            #expect(try written { try $0.decimal(value) } == (try encoded(value)), "value \(value)")
        }
    }

    @Test("Dates, booleans, arrays and nested objects read as the encoder writes them")
    func compositesMatchTheEncoder() throws {
        let date = Date(timeIntervalSinceReferenceDate: 786_123_456.123_456_7)
        #expect(try written { try $0.date(date) } == (try encoded(date)))
        #expect(written { $0.bool(true) } == (try encoded(true)))
        #expect(written { writer in
            writer.beginObject()
            writer.member("a", "x \"/\u{1}")
            writer.member("b", "")
            writer.endObject()
        } == (try encoded(["b": "", "a": "x \"/\u{1}"])))
        let list = ["b", "a", ""]
        #expect(written { writer in
            writer.beginArray()
            list.forEach { writer.string($0) }
            writer.endArray()
        } == (try encoded(list)))
        let nested = ["a": [1.5], "b": [], "é": [2]]
        #expect(try written { writer in
            writer.beginObject()
            for key in nested.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.member(key)
                writer.beginArray()
                for number in nested[key] ?? [] { try writer.number(number) }
                writer.endArray()
            }
            writer.endObject()
        } == (try encoded(nested)))
    }

    @Test("A number that is not finite is refused, as the encoder refuses it")
    func nonFiniteNumbersThrow() {
        for value in [Double.nan, .infinity, -.infinity] {
            var writer = RecordJSONWriter()
            #expect(throws: EncodingError.self) { try writer.number(value) }
            #expect(throws: EncodingError.self) { try RecordCoding.encode(Box(value: value)) }
        }
    }
}
