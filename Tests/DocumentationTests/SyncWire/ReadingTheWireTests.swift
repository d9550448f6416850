import Foundation
import SyncWire
import Testing

@Suite("Reading the wire (DocC: SyncWire)")
struct ReadingTheWireTests {
    /// A payload type of one kind: a client that pulls journal entries reads only those.
    struct JournalEntryID: ChangePayload, Equatable {
        var id: String
        static func reads(_ kind: ChangeKind) -> Bool { kind == .journal }
    }

    @Test("a page keeps the changes of the kind its payload type reads and skips the others undecoded")
    func pageOfOneKind() throws {
        let body = Data(#"""
            {"changes":[
             {"seq":7,"opId":"a","kind":"journal","entityId":"e1","payload":{"id":"e1"},"createdAt":"2026-11-26T15:04:05Z"},
             {"seq":8,"opId":"b","kind":"product","entityId":"p1","payload":"not read","createdAt":"2026-11-26T15:04:06Z"},
             {"seq":9,"opId":"c","kind":"recipe","entityId":"r1","payload":{},"createdAt":"2026-11-26T15:04:07Z"}
            ],"cursor":9,"hasMore":false}
            """#.utf8)
        // snippet: wire-read-page
        let page = try JSONDecoder().decode(ChangesResponse<JournalEntryID>.self, from: body)
        let entries = page.changes.map(\.payload)            // only the journal's: the product and the unknown kind skipped
        let next = page.hasMore ? page.cursor : nil           // send as `after` next time
        // end snippet
        #expect(entries == [JournalEntryID(id: "e1")])
        #expect(next == nil)
        #expect(page.cursor == 9)
        #expect(page.changes.first?.createdAt == Date(timeIntervalSince1970: 1_795_705_445))
    }

    @Test("an error envelope of a code this build does not know keeps its text and message")
    func unknownErrorCode() throws {
        let body = Data(#"{"error":{"code":"over_quota","message":"The household is over its quota.","details":{}}}"#.utf8)
        // snippet: wire-read-error
        guard let envelope = ErrorEnvelope.decode(body) else { return }   // not an envelope: a proxy's page
        if envelope.error.code == .resyncRequired { /* drop the cursor, pull from the start */ }
        print(envelope.error.code, envelope.error.message)
        // end snippet
        #expect(envelope.error.code.rawValue == "over_quota")
        #expect(!ErrorCode.allCases.contains(envelope.error.code))
        #expect(envelope.error.message == "The household is over its quota.")
    }

    @Test("an operation's JSON puts its payload's text in byte for byte and escapes its fields")
    func operationBytes() throws {
        let payload = JSONFragment(verbatim: #"{"amount":0.333333333333333333333333}"#)
        // snippet: wire-write-push
        let operation = PushOperation(opId: "0b6c…", kind: ChangeKind.journal.rawValue, entityId: "0b6c…", payload: payload)
        let body = PushRequest.body([operation.jsonBytes()])   // POST /v1/households/{id}/push
        // end snippet
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#""payload":{"amount":0.333333333333333333333333}"#))
        let decoded = try JSONDecoder().decode(PushRequest.self, from: body)
        #expect(decoded.operations.first?.opId == "0b6c…")
        let hostile = PushOperation(opId: "q\"\\\n\u{01}", kind: "journal", entityId: "é/", payload: payload)
        let reread = try JSONDecoder().decode(PushOperation.self, from: hostile.jsonBytes())
        #expect(reread.opId == hostile.opId)
        #expect(reread.entityId == hostile.entityId)
    }

    @Test("a push answer keeps the results of the statuses this build knows and leaves the others unanswered")
    func unknownPushStatus() throws {
        let body = Data(#"""
            {"results":[{"opId":"a","status":"applied","seq":3},{"opId":"b","status":"deferred"},
            {"opId":"c","status":"rejected","code":"invalid_request","message":"No."}]}
            """#.utf8)
        let answer = try JSONDecoder().decode(PushResponse.self, from: body)
        #expect(answer.results.map(\.opId) == ["a", "c"])
        #expect(answer.results.last?.reason == "No. (invalid_request)")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PushResponse.self, from: Data(#"{"results":[{"opId":"a","status":"applied","seq":"x"}]}"#.utf8))
        }
    }
}
