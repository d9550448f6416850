import Foundation
import PostgresNIO
import SyncServer
import Testing
import SyncWire

/// Pure functions: no database.
struct BearerTokenTests {
    @Test func freshTokensAre43Base64URLCharactersAndDistinct() {
        let tokens = (0..<20).map { _ in BearerToken.generate() }
        #expect(tokens.allSatisfy { $0.isWellFormed })
        #expect(Set(tokens).count == 20)
        #expect(tokens.allSatisfy { $0.hash.count == 32 })
    }

    /// A generator whose every byte is `first` for the first token's draw, then `then`.
    private struct ScriptedBytes: RandomNumberGenerator {
        var calls = 0
        let first: UInt8
        let then: UInt8
        mutating func next() -> UInt64 {
            calls += 1
            let byte = UInt64(calls <= 32 ? first : then)
            return (0..<8).reduce(0) { $0 | byte << ($1 * 8) }
        }
    }

    @Test func aDrawThatWouldBeginWithADashIsDrawnAgain() {
        var generator = ScriptedBytes(first: 0xF8, then: 0x41)
        let token = BearerToken.generate(using: &generator)
        #expect(token.rawValue.hasPrefix("QUFB"), "\(token.rawValue)")
        #expect(token.isWellFormed)
        #expect(generator.calls > 32, "the first draw, which begins with '-', was refused")
    }

    @Test func freshTokensNeverBeginWithADashSoTheyCanFollowAnOption() {
        // One token in 64 would begin with "-" if nothing prevented it: 2,000 draws would hold about 31.
        let tokens = (0..<2_000).map { _ in BearerToken.generate() }
        #expect(tokens.allSatisfy { !$0.rawValue.hasPrefix("-") && $0.isWellFormed })
        #expect(BearerToken(rawValue: "-" + String(repeating: "a", count: 42)).isWellFormed, "older tokens stay valid")
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

    @Test(arguments: ["mysql://u@h/db", "postgres://h/db", "postgres://u@h/db?sslmode=verify-full", "postgres://u@h:70000/db", "not a url"])
    func unsupportedURLsAreRejected(url: String) {
        #expect(throws: DatabaseURL.ParseError.self) { try DatabaseURL.configuration(from: url) }
    }

    @Test func theEndpointNamesHostAndPortOrTheSocketForMessages() throws {
        #expect(try DatabaseURL("postgres://app@db.local/inventory").endpoint.description == "db.local:5432")
        #expect(try DatabaseURL("postgres://app@[::1]:6543/inventory").endpoint.description == "[::1]:6543")
        #expect(try DatabaseURL("postgres://app@/inventory?host=/run/pg").endpoint.description == "socket /run/pg/.s.PGSQL.5432")
    }
}

struct ErrorCodeStatusTests {
    /// Codes that refine another code's status: a status produced outside the handlers reads as the general one.
    static let refinements: [ErrorCode: ErrorCode] = [.noSnapshot: .notFound, .snapshotGone: .notFound]

    @Test(arguments: ErrorCode.allCases)
    func everyCodeRoundTripsThroughItsStatusOrReadsAsTheCodeItRefines(code: ErrorCode) {
        let general = Self.refinements[code] ?? code
        #expect(general.status == code.status)
        #expect(ErrorCode(status: code.status) == general)
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

    @Test func overlappingAttemptsOfAFailingPeerCannotRunPastItsFailuresLeft() async {
        let limiter = FailedAuthenticationLimiter(maxFailures: 5)
        let clean = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 { group.addTask { await limiter.beginAttempt("10.0.0.1") } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(clean == 50, "a peer without a failure is never held back")
        for _ in 0..<50 { await limiter.endAttempt("10.0.0.1", failed: false) }

        await limiter.recordFailure("10.0.0.2")
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<100 { group.addTask { await limiter.beginAttempt("10.0.0.2") } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == 4, "one failure and four running lookups use up the five")
        for _ in 0..<admitted { await limiter.endAttempt("10.0.0.2", failed: true) }
        let afterwards = await limiter.beginAttempt("10.0.0.2")
        let blocked = await limiter.isBlocked("10.0.0.2")
        #expect(!afterwards && blocked)
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
