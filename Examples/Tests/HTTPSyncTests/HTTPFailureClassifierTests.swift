import Foundation
import HTTPSync
import InventoryModule
import InventorySync
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTP failures become the errors the sync engine acts on")
struct HTTPFailureClassifierTests {
    static let envelope = Data(#"{"error":{"code":"forbidden","message":"The device is revoked.","details":{}}}"#.utf8)

    @Test(
        "statuses map to transient, unauthorized, resync, misconfigured or permanent",
        arguments: [
            (401, RemoteSyncErrorKind.unauthorized), (403, .unauthorized), (410, .resyncRequired), (429, .transient),
            (500, .transient), (502, .transient), (503, .transient), (400, .permanent), (404, .misconfigured),
            (405, .misconfigured), (301, .misconfigured), (308, .misconfigured), (409, .permanent), (413, .permanent),
        ])
    func statuses(_ status: Int, _ kind: RemoteSyncErrorKind) {
        #expect(RemoteSyncErrorKind(HTTPFailureClassifier.classify(status: status, body: Self.envelope)) == kind)
    }

    @Test("a 4xx without the API's error envelope is not a refusal of the change: the address is wrong")
    func unenvelopedClientErrors() {
        let page = Data("<!doctype html><h1>Bad request</h1>".utf8)
        #expect(HTTPFailureClassifier.classify(status: 400, body: page) == .misconfigured("HTTP 400"))
        #expect(HTTPFailureClassifier.classify(status: 409, body: Data()) == .misconfigured("HTTP 409"))
        #expect(RemoteSyncErrorKind(HTTPFailureClassifier.classify(status: 400, body: Self.envelope)) == .permanent)
    }

    @Test("a misconfigured address stops the pass without charging or quarantining a change")
    func misconfiguredChargesNothing() {
        #expect(RemoteSyncError.misconfigured("x").stopsWithoutCharge && !RemoteSyncError.misconfigured("x").isRetryable)
        #expect(RemoteSyncError.misconfigured("x").category == .configuration)
        #expect(!RemoteSyncError.permanent("x").stopsWithoutCharge && !RemoteSyncError.transient("x").stopsWithoutCharge)
    }

    @Test("the envelope's message is the error's text; a body that is not an envelope names the status")
    func messages() {
        #expect(HTTPFailureClassifier.classify(status: 403, body: Self.envelope)
            == .unauthorized("The device is revoked. (forbidden, HTTP 403)"))
        #expect(HTTPFailureClassifier.classify(status: 502, body: Data("<html>".utf8)) == .transient("HTTP 502"))
    }

    @Test("connection errors are offline, timeouts are timeouts, an unknown host or a TLS failure misconfigured, other network errors transient")
    func transport() {
        #expect(HTTPFailureClassifier.classify(transportError: URLError(.cannotConnectToHost)) == .offline)
        #expect(HTTPFailureClassifier.classify(transportError: URLError(.networkConnectionLost)) == .offline)
        #expect(HTTPFailureClassifier.classify(transportError: URLError(.timedOut)) == .timeout)
        #expect(RemoteSyncErrorKind(HTTPFailureClassifier.classify(transportError: URLError(.cannotFindHost))) == .misconfigured)
        #expect(RemoteSyncErrorKind(HTTPFailureClassifier.classify(transportError: URLError(.secureConnectionFailed))) == .misconfigured)
        #expect(RemoteSyncErrorKind(HTTPFailureClassifier.classify(transportError: URLError(.serverCertificateUntrusted))) == .misconfigured)
        let curlTLS = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"])
        #expect(RemoteSyncErrorKind(HTTPFailureClassifier.classify(transportError: curlTLS)) == .misconfigured)
        #expect(RemoteSyncErrorKind(HTTPFailureClassifier.classify(transportError: URLError(.badServerResponse))) == .transient)
    }

    @Test("Retry-After is read as seconds or as an HTTP date; anything else is ignored")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(HTTPFailureClassifier.retryAfter("120", now: now) == 120)
        #expect(HTTPFailureClassifier.retryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
        #expect(HTTPFailureClassifier.retryAfter("soon", now: now) == nil)
        #expect(HTTPFailureClassifier.retryAfter("-5", now: now) == nil)
        #expect(HTTPFailureClassifier.retryAfter(nil, now: now) == nil)
        #expect(HTTPFailureClassifier.honoursRetryAfter(status: 429) && HTTPFailureClassifier.honoursRetryAfter(status: 503))
        #expect(!HTTPFailureClassifier.honoursRetryAfter(status: 400))
    }

    @Test("a configuration takes the server with or without /v1 and never shows its token")
    func configuration() throws {
        let household = UUID()
        for address in ["http://127.0.0.1:8080", "http://127.0.0.1:8080/", "http://127.0.0.1:8080/v1"] {
            let configuration = try HTTPSyncConfiguration(server: try #require(URL(string: address)), household: household, token: "secret-token")
            #expect(configuration.apiRoot.absoluteString == "http://127.0.0.1:8080/v1")
            #expect(!configuration.description.contains("secret-token"))
            #expect(configuration.householdID.rawValue == household.uuidString.lowercased())
        }
        #expect(throws: HTTPSyncConfigurationError.invalidToken) {
            try HTTPSyncConfiguration(server: try #require(URL(string: "http://x")), household: household, token: "a b")
        }
        #expect(throws: HTTPSyncConfigurationError.self) {
            try HTTPSyncConfiguration(server: try #require(URL(string: "ftp://x")), household: household, token: "t")
        }
    }
}

/// The case of a ``RemoteSyncError`` without its message, for tables.
enum RemoteSyncErrorKind: Hashable, Sendable {
    case offline, timeout, transient, permanent, unauthorized, resyncRequired, misconfigured

    init(_ error: RemoteSyncError) {
        switch error {
        case .offline: self = .offline
        case .timeout: self = .timeout
        case .transient: self = .transient
        case .permanent: self = .permanent
        case .unauthorized: self = .unauthorized
        case .resyncRequired: self = .resyncRequired
        case .misconfigured: self = .misconfigured
        }
    }
}
