import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import SQLiteStorage
import Testing

/// The `records.fields` text is read by a hand-written parser, with `JSONDecoder` behind it for text the parser
/// declines: whatever the text, the store must read exactly what `JSONDecoder` reads (or report the damage).
@Suite("Indexed fields read back exactly as JSONDecoder reads them")
struct SQLiteStoredFieldsTests {
    /// The decoder the stored form is defined by.
    private static func referenceFields(_ text: String) -> [String: FieldValue]? {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = TaggedFieldValue.nonFiniteDecoding
        return (try? decoder.decode([String: TaggedFieldValue].self, from: Data(text.utf8)))?.mapValues(\.value)
    }

    /// Fields in a form where NaN equals NaN and -0.0 differs from 0.0: doubles and dates by their bits.
    private static func exact(_ fields: [String: FieldValue]?) -> [String: String]? {
        fields?.mapValues { value in
            switch value {
            case .double(let number): "double \(number.bitPattern)"
            case .date(let date): "date \(date.timeIntervalSinceReferenceDate.bitPattern)"
            default: "\(value)"
            }
        }
    }

    /// The store's reading of `text` as a record's fields: its fields, or `nil` when it reports the record damaged.
    private static func storedReading(of texts: [String]) async throws -> [[String: FieldValue]?] {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let storage = try SQLiteStorage(queue)
        let ids = try texts.indices.map { try RecordID("r\($0)") }
        try await storage.domainMetadata.apply(ids.map { .put(StoredRecord(id: $0, payload: Data(), fields: [:]), in: "things") })
        try await queue.write { db in
            for (id, text) in zip(ids, texts) {
                try db.execute(sql: "UPDATE records SET fields = ? WHERE id = ?", arguments: [text, id.rawValue])
            }
        }
        var readings: [[String: FieldValue]?] = []
        for id in ids {
            do {
                readings.append(try await storage.domainMetadata.record(id, in: "things")?.fields)
            } catch StorageError.corruptRecord {
                readings.append(nil)
            }
        }
        // A query page reads the same rows through the same reader.
        let page = try await storage.domainMetadata.query(RecordQuery(limit: RecordQuery.maximumLimit), in: "things")
        #expect(page.records.count + page.damaged.count == texts.count)
        return readings
    }

    @Test("hand-written texts: whitespace, escapes, surrogate pairs, non-finite doubles, and texts the parser must decline")
    func handWrittenTexts() async throws {
        let texts = [
            #"{}"#, #" { } "#, #"{"z":null}"#,
            #"{"b":["bool",true],"d":["date",12.5],"n":["int",3],"t":["string","lait"],"x":["double",2.5],"z":null}"#,
            " {\n\t\"a\" : [ \"string\" , \"x\\u00e9\\ud83d\\ude00\\n\\\"\\\\\\/\\b\\f\\r\\t\" ] ,\r\"b\":null } ",
            #"{"\u0061\u00DF":["int",-9223372036854775808],"m":["int",9223372036854775807],"o":["int",0]}"#,
            #"{"x":["double","inf"],"y":["double","-inf"],"z":["double","nan"],"w":["date","-inf"]}"#,
            #"{"x":["double",-0.0],"y":["double",1E-7],"z":["double",5e-324],"w":["double",1.7976931348623157e308]}"#,
            #"{"x":["double",0.1],"y":["double",-12345678901234567890],"z":["date",-978307200.000001]}"#,
            "{\"t\":[\"string\",\"caf\u{E9} \u{1F600} \u{7F}\"]}",
            // Declined by the parser; the decoder decides.
            #"{"n":["what",1]}"#, #"{"n":["int",1]"#, #"{"n":["int",99999999999999999999]}"#, #"{"n":["int",-0]}"#,
            #"{"n":["int",3.0]}"#, #"{"n":["int",1e2]}"#, #"{"n":["int",01]}"#, #"{"n":["int",1,2]}"#,
            #"{"n":["double",1e400]}"#, #"{"n":["double",1e-400]}"#, #"{"n":["double",.5]}"#, #"{"n":["double",1.]}"#,
            #"{"n":["double","Infinity"]}"#, #"{"n":["double","na\u006E"]}"#, #"{"n":["bool",1]}"#, #"{"n":["string","\ud83d"]}"#, #"{"n":["string","\x"]}"#,
            #"{"n":null,"n":["int",1]}"#, #"{"n":null,}"#, #"{"n":null} x"#, #"[]"#, #""#, #"{"n":["string","a"#,
            "{\"n\":[\"string\",\"tab\tinside\"]}", #"{"n":{"int":{"_0":1}}}"#, #"{"n":["int"]}"#, #"{"n":[]}"#,
        ]
        let readings = try await Self.storedReading(of: texts)
        for (text, reading) in zip(texts, readings) {
            #expect(Self.exact(reading) == Self.exact(Self.referenceFields(text)), "\(text)")
        }
    }

    @Test("random fields of every kind, written by the store and re-spaced or escaped by hand, read back exactly", arguments: 0..<4)
    func randomFields(_ seed: UInt64) async throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = TaggedFieldValue.nonFiniteEncoding
        var texts: [String] = []
        for _ in 0..<60 {
            var fields: [String: FieldValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                fields[Self.randomText(&random)] = Self.randomValue(&random)
            }
            let text = String(decoding: try encoder.encode(fields.mapValues(TaggedFieldValue.init)), as: UTF8.self)
            texts.append(text)
            texts.append(Self.respaced(text, &random))
        }
        let readings = try await Self.storedReading(of: texts)
        for (index, (text, reading)) in zip(texts, readings).enumerated() {
            // The store's own text always reads; a re-spaced one as the decoder reads it (an escaped "nan" does not).
            #expect(index.isMultiple(of: 2) ? reading != nil : true, "\(text)")
            #expect(Self.exact(reading) == Self.exact(Self.referenceFields(text)), "\(text)")
        }
    }

    private static func randomValue(_ random: inout SeededRandomNumberGenerator) -> FieldValue {
        let doubles: [Double] = [
            0, -0.0, 0.1, 1 / 3, -2.5e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 1e15, 123456.789,
        ]
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int64.random(in: .min ... .max, using: &random))
        case 3: return .int(Int64.random(in: -1000...1000, using: &random))
        case 4: return .double(doubles[Int.random(in: 0..<doubles.count, using: &random)])
        case 5: return .double(Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &random)))
        case 6: return .date(Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &random)))
        default: return .string(randomText(&random))
        }
    }

    private static func randomText(_ random: inout SeededRandomNumberGenerator) -> String {
        let pieces = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "ß", "\u{1F600}", "\u{FFFF}", "e\u{301}",
        ]
        return (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            .joined()
    }

    /// The same JSON with whitespace between tokens and some plain characters inside strings written as `\u`
    /// escapes.
    private static func respaced(_ text: String, _ random: inout SeededRandomNumberGenerator) -> String {
        var result = ""
        var inString = false
        var escaped = 0  // characters still to copy as they are: the rest of an escape sequence
        for scalar in text.unicodeScalars {
            if inString {
                if escaped > 0 {
                    escaped = scalar == "u" && escaped == 1 ? 4 : escaped - 1
                } else if scalar == "\\" {
                    escaped = 1
                } else if scalar == "\"" {
                    inString = false
                } else if scalar.isASCII, Bool.random(using: &random) {
                    result += String(format: "\\u%04X", scalar.value)
                    continue
                }
                result.unicodeScalars.append(scalar)
                continue
            }
            if scalar == "\"" { inString = true }
            if "{}[]:,".unicodeScalars.contains(scalar), Bool.random(using: &random) {
                result += [" ", "\n", "\t"][Int.random(in: 0..<3, using: &random)]
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
