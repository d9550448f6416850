/// The bounds the API enforces on input.
package struct SyncLimits: Sendable, Equatable {
    /// The largest request body accepted, in bytes; larger bodies get `payload_too_large` (413).
    package var maxBodyBytes: Int
    /// The most operations one push may carry.
    package var maxOperationsPerPush: Int
    /// The longest entity id, in UTF-8 bytes.
    package var maxEntityIDBytes: Int
    /// The page size used when a pull names none.
    package var defaultPageSize: Int
    /// The largest page a pull may ask for.
    package var maxPageSize: Int
    /// Failed authentications one peer address may make per minute before it is refused without a lookup.
    package var maxFailedAuthenticationsPerMinute: Int

    /// Creates limits; the defaults suit a household's devices.
    package init(
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
