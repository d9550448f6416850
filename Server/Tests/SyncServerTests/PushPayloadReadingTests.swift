import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKit
import InventoryModule
import InventoryModuleTesting
import NIOCore
import ProductModule
import SyncServer
import SyncWire
import Testing
import ThrowawayPostgres

/// A push body's payloads are decoded straight from the body into the kit's types: exact numbers, one result per
/// operation whatever its neighbours are, and the kit's canonical encoding stored.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct PushPayloadReadingTests {
    /// One operation as raw JSON text, built for a household and an entry id.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let operation: @Sendable (_ household: SyncServer.HouseholdID, _ id: UUID) throws -> String
    }

    /// A rejected operation whose entity id holds a `\u` escape and a number out of every range.
    static let neighbour = #"{"opId":"\#(UUID().uuidString)","kind":"journal","entityId":"\u0001","payload":{"n":1e400}}"#

    /// A journal operation of `household` whose payload is the kit's JSON of an entry, edited by `edit`.
    static func journal(
        kind: String = "journal", entityID: String? = nil, _ edit: @escaping @Sendable (String) -> String = { $0 }
    ) -> @Sendable (SyncServer.HouseholdID, UUID) throws -> String {
        { household, id in
            let entry = KitPayloads.journalEntry(of: household, id: id, name: "Home")
            let payload = edit(String(decoding: try RecordCoding.encode(entry), as: UTF8.self))
            return #"{"opId":"\#(UUID().uuidString)","kind":"\#(kind)","entityId":"\#(entityID ?? id.uuidString)","payload":\#(payload)}"#
        }
    }

    static let cases: [Case] = [
        Case(description: "a kit journal entry", operation: journal()),
        Case(description: "unknown keys and other number forms", operation: journal {
            $0.replacingOccurrences(of: #""recordedAt":800000000"#, with: #""recordedAt":800000000.50,"extra":{"a":[1,-2.5,0.0,true,null,"x"]}"#)
        }),
        Case(description: "escapes in a string", operation: journal {
            $0.replacingOccurrences(of: #""value":"Home""#, with: #""value":"Ho\"me\\ \/ \n\t""#)
        }),
        Case(description: "a duplicate key", operation: journal {
            $0.replacingOccurrences(of: #""value":"Home""#, with: #""value":"Home","value":"Away""#)
        }),
        Case(description: "a string where a number belongs", operation: journal {
            $0.replacingOccurrences(of: #""recordedAt":800000000"#, with: #""recordedAt":"yesterday""#)
        }),
        Case(description: "a missing key", operation: journal {
            $0.replacingOccurrences(of: #""replicaID":"test-device","#, with: "")
        }),
        Case(description: "an unknown operation type", operation: journal {
            $0.replacingOccurrences(of: #""type":"createHousehold""#, with: #""type":"bake""#)
        }),
        Case(description: "another household's entry", operation: { _, id in
            try journal()(SyncServer.HouseholdID(UUID()), id)
        }),
        Case(description: "an entity id that is not the entry's", operation: journal(entityID: UUID().uuidString)),
        Case(description: "an array payload", operation: journal { _ in "[1,2]" }),
        Case(description: "a null payload", operation: journal { _ in "null" }),
        Case(description: "a string payload", operation: journal { _ in #""entry""# }),
        Case(description: "an unknown kind", operation: journal(kind: "recipe")),
        Case(description: "a product change", operation: { _, id in
            let pen = try Product.new(barcode: "4006381333931", title: "Pen", id: id, now: KitPayloads.epoch)
            let operation = try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil)
            return String(decoding: try JSONEncoder().encode(operation), as: UTF8.self)
        }),
        Case(description: "a named entity", operation: { _, _ in
            let operation = try KitPayloads.named(KitPayloads.namedEntity(.category, "Produce"))
            return String(decoding: try JSONEncoder().encode(operation), as: UTF8.self)
        }),
        Case(description: "a product payload for a journal operation", operation: { _, id in
            let pen = try Product.new(barcode: "4006381333931", title: "Pen", id: id, now: KitPayloads.epoch)
            let operation = try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil)
            return String(decoding: try JSONEncoder().encode(operation), as: UTF8.self)
                .replacingOccurrences(of: #""kind":"product""#, with: #""kind":"journal""#)
        }),
    ]

    @Test(arguments: cases)
    func aPayloadGetsTheSameResultWhateverItsNeighbours(_ testCase: Case) async throws {
        try await withSyncServer { server in
            var answers: [(result: PushResult, stored: [Change<JSONFragment>])] = []
            let id = UUID()
            for detoured in [false, true] {
                let (household, token, _) = try await server.household()
                let operation = try testCase.operation(household, id)
                let body = #"{"operations":[\#(operation)\#(detoured ? "," + Self.neighbour : "")]}"#
                let response = try await server.push(household, token: token, body: ByteBuffer(string: body))
                #expect(response.status == .ok, "\(testCase): \(String(buffer: response.body))")
                let results = try decode(PushResponse.self, response).results
                #expect(results.count == (detoured ? 2 : 1))
                #expect(results.last?.status == .rejected || !detoured)
                answers.append((try #require(results.first), try await server.pullAll(household, token: token).changes))
            }
            let (direct, detoured) = (answers[0], answers[1])
            #expect(direct.result.status == detoured.result.status, "\(testCase)")
            #expect(direct.result.code == detoured.result.code, "\(testCase)")
            #expect(direct.result.message == detoured.result.message, "\(testCase)")
            #expect(direct.result.seq == detoured.result.seq, "\(testCase)")
            #expect(direct.stored.count == detoured.stored.count, "\(testCase)")
            for (one, other) in zip(direct.stored, detoured.stored) where one.kind == .journal {
                // Entries of two households: equal but for the household.
                var entry = try KitPayloads.decode(InventoryJournalEntry.self, one.payload)
                let otherEntry = try KitPayloads.decode(InventoryJournalEntry.self, other.payload)
                entry.householdID = otherEntry.householdID
                #expect(entry == otherEntry, "\(testCase)")
            }
            for (one, other) in zip(direct.stored, detoured.stored) where one.kind != .journal {
                #expect(one.payload == other.payload, "\(testCase)")
            }
        }
    }

    @Test func u0000IsRefusedInAnyStringTheKitReadsAndNowhereElse() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let refused: @Sendable (String) -> String = {
                $0.replacingOccurrences(of: #""value":"Home""#, with: #""value":"Ho\u0000me""#)
            }
            let body = #"{"operations":[\#(try Self.journal(refused)(household, UUID()))]}"#
            let response = try await server.push(household, token: token, body: ByteBuffer(string: body))
            let results = try decode(PushResponse.self, response).results
            #expect(results.map(\.status) == [.rejected])
            #expect(results.first?.message == "payload must not contain U+0000.")
            #expect(try await server.rowCounts(household) == [0, 0, 0])

            // The six characters `\u0000` are text PostgreSQL holds; a member the kit does not read is not kept.
            let accepted: [@Sendable (String) -> String] = [
                { $0.replacingOccurrences(of: #""value":"Home""#, with: #""value":"Ho\\u0000me""#) },
                { $0.replacingOccurrences(of: #""recordedAt":"#, with: #""ignored\u0000":1,"recordedAt":"#) },
            ]
            for (index, edit) in accepted.enumerated() {
                let body = #"{"operations":[\#(try Self.journal(edit)(household, UUID()))]}"#
                let response = try await server.push(household, token: token, body: ByteBuffer(string: body))
                #expect(try decode(PushResponse.self, response).results.map(\.status) == [.applied], "\(index)")
            }
            let stored = try await server.pullAll(household, token: token).changes
            #expect(stored.count == 2)
            let names = try stored.map { try KitPayloads.decode(InventoryJournalEntry.self, $0.payload).operation }
            #expect(names == [.createHousehold(name: #"Ho\u0000me"#), .createHousehold(name: "Home")])
        }
    }

    @Test func aNumberTheKitDoesNotReadNeverFailsAPush() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            for number in ["1e400", "-1e400", "1" + String(repeating: "0", count: 400), "1e-400"] {
                let operation = try Self.journal {
                    $0.replacingOccurrences(of: #""recordedAt":"#, with: #""ignored":\#(number),"recordedAt":"#)
                }(household, UUID())
                let response = try await server.push(household, token: token, body: ByteBuffer(string: #"{"operations":[\#(operation)]}"#))
                #expect(response.status == .ok, "\(number)")
                #expect(try decode(PushResponse.self, response).results.map(\.status) == [.applied], "\(number)")
            }
            #expect(try await server.rowCounts(household).first == 4)
        }
    }

    // Factors the kit accepts (positive, at most 10^12), with every digit Decimal holds; those it refuses are
    // rejected on push (KitRulesPushTests).
    @Test(arguments: [
        "0.333333333333333333333333", "123456789012.12345678901234567890123456", "0.0000000000000000000000000000000000001",
        "999999999999.99999999999999999999999999", "1e12", "1E-128", "0.1",
    ])
    func aDecimalKeepsEveryDigitFromPushToPull(_ text: String) async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let id = UUID()
            let conversion = UnitConversion(
                from: try UnitID("piece"), to: try UnitID("pack"), factor: try #require(Decimal(string: "2")))
            let entry = InventoryJournalEntry.fixture(
                .defineConversion(conversion), in: InventoryModule.HouseholdID(household.rawValue), id: id,
                recordedAt: KitPayloads.epoch, replica: KitPayloads.replica)
            // The factor's text as a device would write it, with a 16-digit recordedAt as pantries write them.
            let payload = String(decoding: try RecordCoding.encode(entry), as: UTF8.self)
                .replacingOccurrences(of: #""factor":2"#, with: #""factor":\#(text)"#)
                .replacingOccurrences(of: #""recordedAt":800000000"#, with: #""recordedAt":800000000.1234567"#)
            #expect(payload.contains(text))
            let body = #"{"operations":[{"opId":"\#(id)","kind":"journal","entityId":"\#(id)","payload":\#(payload)}]}"#
            let response = try await server.push(household, token: token, body: ByteBuffer(string: body))
            #expect(try decode(PushResponse.self, response).results.map(\.status) == [.applied])

            let expected = try #require(Decimal(string: text))
            let page = try await server.pullAll(household, token: token)
            let pulled = try KitPayloads.decode(InventoryJournalEntry.self, page.changes.first?.payload)
            guard case .defineConversion(let stored) = pulled.operation else {
                Issue.record("pulled \(pulled.operation)")
                return
            }
            #expect(stored.factor == expected)
            #expect(pulled.recordedAt == Date(timeIntervalSinceReferenceDate: 800000000.1234567))
            // The bytes served hold the digits themselves: no client's parser gets a chance to round them.
            let raw = try await server.rawChanges(household, token: token)
            #expect(raw.contains(#""factor": \#(expected)"#) || raw.contains(#""factor":\#(expected)"#), "\(raw)")
        }
    }
}
