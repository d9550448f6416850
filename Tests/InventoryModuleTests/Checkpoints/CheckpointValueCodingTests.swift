import Foundation
import InventoryKitTesting
@testable import InventoryModule
import Testing

/// The binary value coding of checkpoints gives back an equal value for every shape the state's types use:
/// structs, enums with payloads, optionals (also nil next to empty strings), dictionaries with any key, sets,
/// decimals, dates and UUIDs — and refuses damaged bytes instead of reading past them.
@Suite("Checkpoint value coding: every Codable shape round-trips, damaged bytes are refused")
struct CheckpointValueCodingTests {
    struct Shapes: Codable, Equatable {
        var text: String
        var empty: String
        var optionalText: String?
        var missing: Int?
        var flags: [Bool]
        var integers: [Int]
        var unsigned: UInt64
        var small: Int8
        var double: Double
        var float: Float
        var optionals: [String?]
        var nested: [[String: Int]]
        var byUUID: [UUID: Date]
        var set: Set<String>
        var decimals: [Decimal]
        var data: Data
        var kinds: [InventoryOperationKind]
    }

    static func dec(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try CheckpointValueDecoder.decode(T.self, from: $0) }
    }

    static let shapes = Shapes(
        text: "Grüße, Küche 🥛", empty: "", optionalText: "", missing: nil, flags: [true, false],
        integers: [0, -1, 1, Int.min, Int.max], unsigned: UInt64.max, small: -128, double: -0.1, float: 3.5,
        optionals: [nil, "", "a", nil], nested: [[:], ["a": 1, "": -2]],
        byUUID: [UUID(): Date(timeIntervalSinceReferenceDate: 1234.5678), UUID(): .distantPast],
        set: ["x", "y", ""],
        decimals: [0, 1, -1, dec("0.001"), dec("-12.50"), dec("123456789012345678901234567890"),
            dec("0.0000000000000000000001"), dec("9999999999999999999")],
        data: Data([0, 255, 7]), kinds: InventoryOperationKind.allCases)

    @Test("a value of every shape decodes equal to what was encoded")
    func everyShapeRoundTrips() throws {
        let bytes = try CheckpointValueEncoder.encode(Self.shapes)
        #expect(try Self.decode(Shapes.self, bytes) == Self.shapes)
    }

    @Test("a decimal decodes to the value its text has, in both the compact and the text form")
    func decimalsKeepTheirValue() throws {
        for text in ["0", "3", "-0.5", "2.5", "0.001", "1234567.891", "-99999999999999999.99", "12345678901234567890123456789"] {
            let value = try #require(Decimal(string: text))
            var writer = CheckpointByteWriter()
            writer.decimal(value)
            let decoded = try writer.bytes.withUnsafeBytes { raw in
                var reader = CheckpointByteReader(raw)
                return try reader.decimal()
            }
            #expect(decoded == value, "\(text)")
            #expect(decoded.description == value.description, "\(text)")
        }
    }

    @Test("the journal's enums with payloads round-trip", arguments: 0..<3)
    func journalRoundTrips(seed: Int) throws {
        let journal = try ProjectionConvergenceTests.busyJournal()
        let bytes = try CheckpointValueEncoder.encode(journal)
        #expect(try Self.decode([InventoryJournalEntry].self, bytes) == journal)
        let state = InventoryProjector.project(journal)
        #expect(try Self.decode([InventoryAnomaly].self, try CheckpointValueEncoder.encode(state.anomalies)) == state.anomalies)
        #expect(try Self.decode([LotID: StockLot].self, try CheckpointValueEncoder.encode(state.lots)) == state.lots)
    }

    @Test("truncated or altered bytes throw instead of decoding", arguments: 0..<40)
    func damagedBytesThrowOrDiffer(seed: Int) throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 77)
        let bytes = try CheckpointValueEncoder.encode(Self.shapes)
        let cut = Int.random(in: 0..<bytes.count, using: &random)
        #expect(throws: (any Error).self) { try Self.decode(Shapes.self, Array(bytes[..<cut])) }
        var altered = bytes
        altered[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        // An altered byte either fails to decode or decodes to another value; it never reads out of bounds.
        if let decoded = try? Self.decode(Shapes.self, altered) { #expect(decoded != Self.shapes || altered == bytes) }
    }
}
