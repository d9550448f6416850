import Foundation
import InventoryModule
import InventorySync
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
        let url = configuration.apiRoot.appendingPathComponent("households")
            .appendingPathComponent(configuration.householdID.rawValue)
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.requestTimeout)
        request.httpMethod = "DELETE"
        request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
        sessionConfiguration.httpShouldSetCookies = false
        let session = URLSession(configuration: sessionConfiguration)
        defer { session.finishTasksAndInvalidate() }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw HTTPFailureClassifier.classify(transportError: error)
        }
        guard let http = response as? HTTPURLResponse else { throw RemoteSyncError.transient("not an HTTP answer") }
        guard (200...299).contains(http.statusCode) else {
            throw HTTPFailureClassifier.classify(status: http.statusCode, body: data)
        }
    }
}
