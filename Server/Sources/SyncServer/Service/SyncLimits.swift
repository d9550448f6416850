/// The bounds the API enforces on input.
public struct SyncLimits: Sendable, Equatable {
    /// The largest request body accepted, in bytes; larger bodies get `payload_too_large` (413).
    public var maxBodyBytes: Int
    /// The most operations one push may carry.
    public var maxOperationsPerPush: Int
    /// The longest entity id, in UTF-8 bytes.
    public var maxEntityIDBytes: Int
    /// The page size used when a pull names none.
    public var defaultPageSize: Int
    /// The largest page a pull may ask for.
    public var maxPageSize: Int
    /// Failed authentications one peer address may make per minute before it is refused without a lookup.
    public var maxFailedAuthenticationsPerMinute: Int

    /// Creates limits; the defaults suit a household's devices.
    public init(
        maxBodyBytes: Int = 1_048_576,
        maxOperationsPerPush: Int = 500,
        maxEntityIDBytes: Int = 256,
        defaultPageSize: Int = 100,
        maxPageSize: Int = 1000,
        maxFailedAuthenticationsPerMinute: Int = 30
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxOperationsPerPush = maxOperationsPerPush
        self.maxEntityIDBytes = maxEntityIDBytes
        self.defaultPageSize = defaultPageSize
        self.maxPageSize = maxPageSize
        self.maxFailedAuthenticationsPerMinute = maxFailedAuthenticationsPerMinute
    }
}
