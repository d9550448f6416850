import Foundation
import PostgresNIO
import SyncServer
import Testing

/// Pure functions: no database.
struct BearerTokenTests {
    @Test func freshTokensAre43Base64URLCharactersAndDistinct() {
        let tokens = (0..<20).map { _ in BearerToken.generate() }
        #expect(tokens.allSatisfy { $0.isWellFormed })
        #expect(Set(tokens).count == 20)
        #expect(tokens.allSatisfy { $0.hash.count == 32 })
    }

    @Test(arguments: ["Bearer abc", "bearer abc", "BEARER  abc "])
    func theAuthorizationHeaderIsParsedCaseInsensitively(header: String) {
        #expect(BearerToken(authorizationHeader: header)?.rawValue == "abc")
    }

    @Test(arguments: ["", "Bearer", "Bearer ", "Basic abc"])
    func otherHeadersYieldNoToken(header: String) {
        #expect(BearerToken(authorizationHeader: header) == nil)
    }
}

struct DatabaseURLTests {
    @Test func aTCPURLNamesHostPortUserAndDatabase() throws {
        let configuration = try DatabaseURL.configuration(from: "postgres://app:secret@db.local:6543/inventory?sslmode=disable")
        #expect(configuration.host == "db.local")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "app")
        #expect(configuration.password == "secret")
        #expect(configuration.database == "inventory")
    }

    @Test func aHostQueryItemSelectsTheUnixSocket() throws {
        let configuration = try DatabaseURL.configuration(from: "postgres://postgres@/db?host=/tmp/pg")
        #expect(configuration.unixSocketPath == "/tmp/pg/.s.PGSQL.5432")
    }

    @Test(arguments: ["mysql://u@h/db", "postgres://h/db", "postgres://u@h/db?sslmode=verify-full"])
    func unsupportedURLsAreRejected(url: String) {
        #expect(throws: DatabaseURL.ParseError.self) { try DatabaseURL.configuration(from: url) }
    }
}

struct APIErrorCodeTests {
    @Test(arguments: APIErrorCode.allCases)
    func everyCodeRoundTripsThroughItsStatus(code: APIErrorCode) {
        #expect(APIErrorCode(status: code.status) == code)
    }
}

struct FailedAuthenticationLimiterTests {
    @Test func aPeerIsBlockedAfterItsFailuresUntilTheWindowEnds() async {
        let limiter = FailedAuthenticationLimiter(maxFailures: 3, window: .seconds(60))
        let start = ContinuousClock.now
        for _ in 0..<3 { await limiter.recordFailure("10.0.0.1", now: start) }
        #expect(await limiter.isBlocked("10.0.0.1", now: start + .seconds(59)))
        #expect(await !limiter.isBlocked("10.0.0.2", now: start + .seconds(59)))
        #expect(await !limiter.isBlocked("10.0.0.1", now: start + .seconds(60)))
    }

    @Test func memoryStaysBoundedByTheTrackedPeerLimit() async {
        let limiter = FailedAuthenticationLimiter(maxFailures: 1, window: .seconds(60), maxTrackedPeers: 100)
        let start = ContinuousClock.now
        for peer in 0..<1000 { await limiter.recordFailure("peer-\(peer)", now: start + .milliseconds(peer)) }
        // The newest peers are remembered, the oldest were evicted.
        #expect(await limiter.isBlocked("peer-999", now: start + .seconds(1)))
        #expect(await !limiter.isBlocked("peer-0", now: start + .seconds(1)))
    }
}
