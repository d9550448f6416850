/// The body answering `GET /v1/households/{id}/snapshot` (the OpenAPI schema `Snapshot`): where a new device's
/// bootstrap starts — the kit's checkpoint of the household through ``seq`` (its mark here, its bytes at
/// ``state``) and the current records of the products its lots refer to. The device opens the state, stores the
/// products, and pulls the log after ``seq``.
public struct Snapshot: Sendable, Codable, Equatable {
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
    /// Always ``checkpointFormat`` from this server; a client reads no other.
    public var format: String
    /// The format version the state's bytes carry (their fifth byte).
    public var formatVersion: Int
    /// The kit's `InventoryCheckpointMark` of the state, as stored (the OpenAPI schema `CheckpointMark`).
    public var mark: JSONFragment
    /// The size of the state in bytes.
    public var stateBytes: Int64
    /// The SHA-256 of the state's bytes, lowercase hex.
    public var stateSHA256: String
    /// The path of the state's bytes: `/v1/households/{id}/snapshot/{seq}/state`.
    public var state: String
    /// The live products the state's lots refer to; empty when asked with `products=false`.
    public var products: [Product]

    /// Creates a snapshot description.
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
}
