import Foundation
import InventoryModule

/// Where and how an ``HTTPSyncClient`` talks to the InventoryKit sync server: the server, the household, the
/// device's bearer token, and the limits of one call.
///
/// ```swift
/// let configuration = try HTTPSyncConfiguration(
///     server: URL(string: "https://sync.example.com")!, household: householdUUID, token: keychainToken)
/// let client = HTTPSyncClient(configuration: configuration)
/// let products = HTTPProductGateway(client: client)
/// let inventory = HTTPInventoryGateway(client: client)
/// ```
///
/// The description never shows the token.
public struct HTTPSyncConfiguration: Sendable, CustomStringConvertible {
    /// The API root, ending in `/v1`.
    public let apiRoot: URL
    /// The server's household this device syncs.
    public let household: UUID
    /// The device's bearer token (printed once by `inventorykit-server device add`).
    public let token: String
    /// How long one request may wait for an answer, in seconds. Default: 30.
    public var requestTimeout: TimeInterval = 30
    /// The longest `Retry-After` honoured by waiting inside a call, in seconds; a longer one is thrown as
    /// `RemoteSyncError.transient` for the engine's backoff. Default: 30.
    public var maximumRetryAfter: TimeInterval = 30
    /// How many times one request is sent at most when the server answers with an honoured `Retry-After`.
    /// Default: 3.
    public var maximumAttempts = 3
    /// The most operations one push request carries (the server's limit). Default: 500.
    public var maximumOperationsPerPush = 500
    /// The largest push body sent in one request, in bytes; the server refuses bodies over 1 MiB. Default:
    /// 1,000,000.
    public var maximumPushBodyBytes = 1_000_000
    /// The page size of pulls and of the product feed read by queries (the server's maximum). Default: 1000.
    public var maximumPageSize = 1000
    /// Waits before a retry; injected so tests do not sleep. Default: `Task.sleep`.
    public var sleep: HTTPSyncSleep = .task
    /// The current time, for `Retry-After` given as an HTTP date. Default: the system clock.
    public var now: @Sendable () -> Date = { Date() }

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - server: The server's address, with or without the `/v1` path (`http://127.0.0.1:8080` or
    ///     `http://127.0.0.1:8080/v1`).
    ///   - household: The server's household id.
    ///   - token: The device's bearer token.
    /// - Throws: ``HTTPSyncConfigurationError`` when the address is not `http`/`https` with a host, or the token is
    ///   empty or holds characters a header cannot carry.
    public init(server: URL, household: UUID, token: String) throws(HTTPSyncConfigurationError) {
        guard let scheme = server.scheme?.lowercased(), ["http", "https"].contains(scheme), server.host != nil else {
            throw .invalidServer(server.absoluteString)
        }
        guard !token.isEmpty, token.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .invalidToken
        }
        var root = server
        while root.path.hasSuffix("/") && root.path != "/" { root.deleteLastPathComponent() }
        if root.lastPathComponent != "v1" { root.appendPathComponent("v1") }
        self.apiRoot = root
        self.household = household
        self.token = token
    }

    /// The household as the kit names it: the lowercase UUID, which every journal entry pushed must carry.
    public var householdID: HouseholdID { HouseholdID(household) }

    /// The server, the household and the limits; the token is never shown.
    public var description: String {
        "HTTPSyncConfiguration(\(apiRoot.absoluteString), household \(householdID), token <redacted>, "
            + "timeout \(requestTimeout)s)"
    }
}

/// Why an ``HTTPSyncConfiguration`` could not be made.
public enum HTTPSyncConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server address is not an `http` or `https` URL with a host.
    case invalidServer(String)
    /// The token is empty or holds characters other than visible ASCII.
    case invalidToken

    /// A one-line account.
    public var description: String {
        switch self {
        case .invalidServer(let text): "the server address \(text) is not an http(s) URL with a host"
        case .invalidToken: "the token is empty or holds characters other than visible ASCII"
        }
    }
}
