import Foundation
import Hummingbird
import NIOCore
import SyncWire

extension Snapshot {
    /// The path of the bytes of `household`'s state through `seq`.
    static func statePath(of household: HouseholdID, seq: Int64) -> String {
        "/v1/households/\(household)/snapshot/\(seq)/state"
    }
}

extension Snapshot: @retroactive ResponseGenerator {
    /// The response's HTTP form, written directly: the mark and the product records put in as stored.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var body = ByteBuffer()
        body.reserveCapacity(products.reduce(mark.text.utf8.count + 400) { $0 + $1.id.utf8.count + $1.payload.text.utf8.count + 32 })
        body.writeStaticString(#"{"seq":"#)
        body.writeString(seq.description)
        body.writeStaticString(#","format":"#)
        body.writeJSONString(format)
        body.writeStaticString(#","formatVersion":"#)
        body.writeString(formatVersion.description)
        body.writeStaticString(#","mark":"#)
        body.writeJSONFragment(mark)
        body.writeStaticString(#","stateBytes":"#)
        body.writeString(stateBytes.description)
        body.writeStaticString(#","stateSHA256":"#)
        body.writeJSONString(stateSHA256)
        body.writeStaticString(#","state":"#)
        body.writeJSONString(state)
        body.writeStaticString(#","products":["#)
        for (index, product) in products.enumerated() {
            if index > 0 { body.writeStaticString(",") }
            body.writeStaticString(#"{"id":"#)
            body.writeJSONString(product.id)
            body.writeStaticString(#","payload":"#)
            body.writeJSONFragment(product.payload)
            body.writeStaticString("}")
        }
        body.writeStaticString("]}")
        return body.jsonResponse()
    }
}
