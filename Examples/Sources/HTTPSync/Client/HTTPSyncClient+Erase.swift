import Foundation

extension HTTPSyncClient {
    /// Erases the household on the server (`DELETE /v1/households/{id}`): its changes are deleted, every device of
    /// it is revoked (this one too: its token is refused from then on) and the household is marked erased.
    ///
    /// This is the server half of deleting an account; the app then wipes its local store and forgets the token.
    /// Not retried inside the call: an app asks the user again rather than erasing in the background.
    ///
    /// ```swift
    /// try await HTTPSyncClient(configuration: configuration).eraseHousehold()
    /// try FileManager.default.removeItem(at: storeURL)
    /// ```
    ///
    /// - Throws: ``RemoteSyncError`` — `.unauthorized` when the server refuses the device (already revoked, or the
    ///   household already erased), `.offline`/`.timeout`/`.transient` when it could not be asked, `.permanent`
    ///   for another 4xx — or `CancellationError` when the task is cancelled.
    public func eraseHousehold() async throws {
        _ = try await send(method: "DELETE", path: [], query: [], body: nil, accepting: [], waitsForRetryAfter: false)
    }
}
