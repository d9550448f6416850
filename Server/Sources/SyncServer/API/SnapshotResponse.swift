import Foundation
import Hummingbird
import NIOCore

/// The body answering `GET /v1/households/{id}/snapshot`: where a new device's bootstrap starts — the kit's
/// checkpoint of the household through ``seq`` (its mark here, its bytes at ``state``) and the current records of
/// the products its lots refer to. The device opens the state, stores the products, and pulls the log after
/// ``seq``.
public struct SnapshotResponse: Sendable, Codable, Equatable {
    /// A product the state's lots refer to, with its current record.
    public struct Product: Sendable, Codable, Equatable {
        /// The product id.
        public var id: String
        /// The product's current record (the kit's `RemoteProductRecord`), as a pull of the product feed carries it.
        public var payload: JSONFragment

        /// Creates a product entry.
        public init(id: String, payload: JSONFragment) {
            self.id = id
            self.payload = payload
        }
    }

    /// The name of the state's byte format: the kit's binary checkpoint (`docs/checkpoint-format.md`).
    public static let checkpointFormat = "inventorykit-checkpoint"

    /// The `seq` the state covers: the fold of every journal change with `seq` at most this.
    public var seq: Int64
    /// Always ``checkpointFormat``.
    public var format: String
    /// The format version the state's bytes carry (their fifth byte).
    public var formatVersion: Int
    /// The kit's `InventoryCheckpointMark` of the state, as stored.
    public var mark: JSONFragment
    /// The size of the state in bytes.
    public var stateBytes: Int64
    /// The SHA-256 of the state's bytes, lowercase hex.
    public var stateSHA256: String
    /// The path of the state's bytes: `/v1/households/{id}/snapshot/{seq}/state`.
    public var state: String
    /// The live products the state's lots refer to; empty when asked with `products=false`.
    public var products: [Product]

    /// Creates a response.
    public init(
        seq: Int64, format: String = Self.checkpointFormat, formatVersion: Int, mark: JSONFragment, stateBytes: Int64,
        stateSHA256: String, state: String, products: [Product]
    ) {
        self.seq = seq
        self.format = format
        self.formatVersion = formatVersion
        self.mark = mark
        self.stateBytes = stateBytes
        self.stateSHA256 = stateSHA256
        self.state = state
        self.products = products
    }

    /// The path of the bytes of `household`'s state through `seq`.
    static func statePath(of household: HouseholdID, seq: Int64) -> String {
        "/v1/households/\(household)/snapshot/\(seq)/state"
    }
}

extension SnapshotResponse: ResponseGenerator {
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
