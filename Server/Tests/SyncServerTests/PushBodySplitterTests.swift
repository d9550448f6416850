import Foundation
import InventoryKit
import ProductModule
import Testing
import SyncWire

@testable import SyncServer

/// A big push body is decoded in slices on several cores; the slices give exactly what decoding it whole gives,
/// and any body the splitter is not sure of is decoded whole.
struct PushBodySplitterTests {
    @Test func theOperationsOfAPlainBodyAreFoundPastBracketsCommasAndQuotesInStrings() throws {
        let first = #"{"a":"x,]}\"\\","n":[1,{"c":"]"}]}"#
        let second = #"{"b":[[],{}],"s":"{["}"#
        let body = Data((" {\n \"operations\" :\t[ " + first + " ,\r\n" + second + " ] } \n").utf8)
        let split = try #require(PushBodySplitter.operations(of: body))
        let texts = split.ranges.map { String(decoding: body[$0], as: UTF8.self) }
        #expect(texts == [first, second])
        #expect(PushBodySplitter.operations(of: Data(#"{"operations":[ ]}"#.utf8)) == .init(ranges: []))
    }

    @Test(arguments: [
        #"{"operations":[{}],"extra":1}"#,
        #"{"extra":1,"operations":[{}]}"#,
        #"{"operation\u0073":[{}]}"#,
        #"{"operations":[{}]} x"#,
        #"{"operations":[{},]}"#,
        #"{"operations":[{"a":"]"]}"#,
        #"{"operations":[1,2]}"#,
        #"{"operations":{}}"#,
        #"[{"operations":[]}]"#,
        "",
    ])
    func aBodyOfAnyOtherShapeIsLeftToTheWholeDecoding(_ text: String) {
        #expect(PushBodySplitter.operations(of: Data(text.utf8)) == nil)
    }

    @Test func slicesDecodeToWhatTheWholeBodyDecodesTo() async throws {
        let body = try Self.body(count: 1_500)
        #expect(PushBodySplitter.operations(of: body)?.ranges.count == 1_500)
        let sliced = try await PushBody.decode(body)
        let whole = try JSONDecoder().decode(PushBody.self, from: body)
        #expect(sliced.operations.count == 1_500)
        #expect(Self.fingerprint(sliced) == Self.fingerprint(whole))
    }

    @Test func aBigBodyWithOneBrokenOperationFailsAsTheWholeDecodingFails() async throws {
        let whole = try Self.body(count: 1_500)
        // The 1,200th operation loses its opId: it sits in the last slice.
        let range = try #require(PushBodySplitter.operations(of: whole)).ranges[1_199]
        let operation = String(decoding: whole[range], as: UTF8.self)
        #expect(operation.contains(#""opId":"#))
        let text = String(decoding: whole[..<range.lowerBound], as: UTF8.self)
            + operation.replacingOccurrences(of: #""opId":"#, with: #""opid":"#)
            + String(decoding: whole[range.upperBound...], as: UTF8.self)
        let body = Data(text.utf8)
        let wholeError = Self.describe { _ = try JSONDecoder().decode(PushBody.self, from: body) }
        var slicedError = "decoded"
        do { _ = try await PushBody.decode(body) } catch { slicedError = "\(error)" }
        #expect(wholeError.contains("opId"))
        #expect(slicedError == wholeError)
    }

    /// A push of `count` operations of all three kinds, as a device's gateway encodes it.
    static func body(count: Int) throws -> Data {
        let household = SyncServer.HouseholdID(UUID())
        let operations = try (0..<count).map { index -> PushOperation in
            switch index % 3 {
            case 0: return try KitPayloads.journal(of: household)
            case 1:
                let pen = try KitPayloads.product(title: "Pen, \"blue\" [\(index)]")
                return try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil)
            default: return try KitPayloads.named(KitPayloads.namedEntity(.category, "Produce {\(index)}"))
            }
        }
        return try JSONEncoder().encode(PushRequest(operations: operations))
    }

    /// Each operation's fields and payload, printed.
    static func fingerprint(_ body: PushBody) -> [String] {
        body.operations.map { "\($0.opId) \($0.kind) \($0.entityId) \($0.supersededOpIds ?? []) \($0.payload)" }
    }

    static func describe(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "decoded"
        } catch {
            return "\(error)"
        }
    }
}
