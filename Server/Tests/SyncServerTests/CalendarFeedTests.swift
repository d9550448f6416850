import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryModule
import NIOCore
import PostgresNIO
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// A household's calendar feed: feed tokens made, listed and revoked through the API, the store and their rules;
/// the calendar the kit renders from the household's state with its products' titles; ETags; and every token kept
/// to its place, against a real throwaway PostgreSQL cluster.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct CalendarFeedTests {
    /// A title that needs every iCalendar TEXT escape, and would be markup if anything rendered it as HTML.
    static let hostileTitle = "Milk; fresh, 3,5 % \\ <script>alert(1)</script>\nline two"
    static let milk = "4006381333931"
    static let eggs = "5012345670003"

    // MARK: - Feed tokens

    @Test func feedTokensAreCreatedListedAndRevokedThroughTheAPI() async throws {
        try await withSyncServer(views: { JournalFoldingViews(store: $0) }) { server in
            let (household, token, _) = try await server.household()
            let created = try await server.createFeed(household, token: token, body: #"{"label":"Kitchen tablet"}"#)
            #expect(created.status == .created)
            let feed = try decode(FeedCreationResponse.self, created)
            #expect(FeedID(feed.feedId) != nil)
            #expect(BearerToken(rawValue: feed.token).isWellFormed)
            #expect(feed.path == "/v1/households/\(household)/calendar.ics?feed=\(feed.token)")
            let unlabelled = try decode(FeedCreationResponse.self, try await server.createFeed(household, token: token, body: nil))

            let listed = try await server.execute("/v1/households/\(household)/feeds", .get, token: token)
            #expect(listed.status == .ok)
            #expect(!String(buffer: listed.body).contains(feed.token) && !String(buffer: listed.body).contains(unlabelled.token))
            let list = try decode(FeedList.self, listed).feeds
            #expect(list.map(\.feedId) == [feed.feedId, unlabelled.feedId])
            #expect(list.map(\.label) == ["Kitchen tablet", nil])
            #expect(list.map(\.revoked) == [false, false])

            #expect(try await server.calendar(household, feed: feed.token).status == .ok)
            let revoke = try await server.execute("/v1/households/\(household)/feeds/\(feed.feedId)", .delete, token: token)
            #expect(revoke.status == .noContent)
            let again = try await server.execute("/v1/households/\(household)/feeds/\(feed.feedId)", .delete, token: token)
            #expect(again.status == .noContent, "revoking twice is not an error")
            let after = try decode(FeedList.self, try await server.execute("/v1/households/\(household)/feeds", .get, token: token))
            #expect(after.feeds.map(\.revoked) == [true, false])

            let refused = try await server.calendar(household, feed: feed.token)
            #expect(refused.status == .unauthorized)
            #expect(try decode(ErrorEnvelope.self, refused).error.details["reason"] == "feed_revoked")
            #expect(try await server.calendar(household, feed: unlabelled.token).status == .ok)

            let unknown = try await server.execute("/v1/households/\(household)/feeds/\(UUID())", .delete, token: token)
            #expect(unknown.status == .notFound)
            for label in [#"{"label":""}"#, #"{"label":"tab\there"}"#, "{\"label\":\"\(String(repeating: "x", count: 201))\"}", "[]"] {
                let bad = try await server.createFeed(household, token: token, body: label)
                #expect(bad.status == .badRequest, "\(label)")
                #expect(try decode(ErrorEnvelope.self, bad).error.code == .invalidRequest)
            }
        }
    }

    @Test func theStoreKeepsFeedsPerHouseholdAndOnlyTheirHashes() async throws {
        try await withSyncServer { server in
            let (household, _, _) = try await server.household("A")
            let (other, _, _) = try await server.household("B")
            let (feed, token) = try await server.store.addFeed(to: household, label: "Fridge door")
            #expect(try await server.store.authenticateFeed(token) == AuthenticatedFeed(feedID: feed, householdID: household))
            #expect(try await server.store.feeds(of: household).map(\.label) == ["Fridge door"])
            #expect(try await server.store.feeds(of: other).isEmpty)
            // The token is not stored: only its SHA-256 is.
            var stored: [[UInt8]] = []
            for try await hash in try await server.store.client.query("SELECT token_hash FROM feed_tokens").decode(ByteBuffer.self) {
                stored.append(Array(hash.readableBytesView))
            }
            #expect(stored == [Array(SHA256.hash(data: Data(token.rawValue.utf8)))])

            await #expect(throws: SyncStoreError.feedNotFound(feed)) { try await server.store.revokeFeed(feed, of: other) }
            #expect(try await server.store.authenticateFeed(token) != nil, "another household cannot revoke it")
            try await server.store.revokeFeed(feed, of: household)
            #expect(try await server.store.authenticateFeed(token) == nil)
            #expect(try await server.store.feedRefusal(of: token) == .feedRevoked)
            #expect(try await server.store.feeds(of: household).map { $0.revokedAt != nil } == [true])

            try await server.store.erase(other)
            await #expect(throws: SyncStoreError.householdNotFound(other)) { _ = try await server.store.addFeed(to: other, label: nil) }
            await #expect(throws: SyncStoreError.householdNotFound(other)) { _ = try await server.store.feeds(of: other) }
        }
    }

    // MARK: - The calendar

    @Test func theCalendarServesTheLotsDueDatesAsAllDayEventsWithEscapedTitles() async throws {
        try await withSyncServer(views: { JournalFoldingViews(store: $0) }) { server in
            let (household, token, _) = try await server.household()
            let (journal, milkLot, eggsLot) = try await Self.stockedHousehold(household, token: token, server: server)
            let feed = try decode(FeedCreationResponse.self, try await server.createFeed(household, token: token, body: nil))

            let response = try await server.calendar(household, feed: feed.token)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
            let body = Data(response.body.readableBytesView)
            let hex = SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
            #expect(response.headers[.eTag] == "\"\(hex)\"", "a strong ETag: the body's SHA-256")

            let text = String(decoding: body, as: UTF8.self)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
            let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
            let kitHousehold = journal.household
            #expect(unfolded.contains("UID:\(HouseholdCalendarFeed.uid(household: kitHousehold, lot: milkLot))\r\n"))
            #expect(unfolded.contains("UID:\(HouseholdCalendarFeed.uid(household: kitHousehold, lot: eggsLot))\r\n"))
            #expect(unfolded.contains("DTSTART;VALUE=DATE:20260313\r\nDTEND;VALUE=DATE:20260314\r\n"))
            #expect(unfolded.contains("DTSTART;VALUE=DATE:20260320\r\nDTEND;VALUE=DATE:20260321\r\n"))
            // The calendar is the household's: its time zone comes from its state.
            #expect(unfolded.contains("X-WR-TIMEZONE:Pacific/Kiritimati\r\n"))
            #expect(unfolded.contains("X-WR-CALNAME:Home – due dates\r\n"))
            // The title from the household's product record, every TEXT escape applied, the newline as \n.
            #expect(unfolded.contains(#"SUMMARY:Milk\; fresh\, 3\,5 % \\ <script>alert(1)</script>\nline two: best before"# + "\r\n"))
            #expect(unfolded.contains("SUMMARY:Eggs\\, free range: best before\r\n"))
            #expect(!unfolded.contains(Self.hostileTitle), "the raw title never reaches the feed")
            for line in text.components(separatedBy: "\r\n").dropLast() {
                #expect(line.utf8.count <= 75, "\(line)")
            }
        }
    }

    @Test func anUnchangedFeedAnswers304AndAChangedOne200WithANewETag() async throws {
        try await withSyncServer(views: { JournalFoldingViews(store: $0) }) { server in
            let (household, token, _) = try await server.household()
            var (journal, _, _) = try await Self.stockedHousehold(household, token: token, server: server)
            let feed = try decode(FeedCreationResponse.self, try await server.createFeed(household, token: token, body: nil))
            let (_, spec) = try OpenAPIContractTests.repositoryDocument()

            let first = try await server.calendar(household, feed: feed.token)
            let tag = try #require(first.headers[.eTag])
            OpenAPIContractTests.expectConforms(first, "get", feed.path, spec)
            let repeated = try await server.calendar(household, feed: feed.token)
            #expect(repeated.headers[.eTag] == tag && repeated.body == first.body, "the same state renders the same bytes")

            for ifNoneMatch in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let unchanged = try await server.calendar(household, feed: feed.token, ifNoneMatch: ifNoneMatch)
                #expect(unchanged.status == .notModified, "\(ifNoneMatch)")
                #expect(unchanged.body.readableBytes == 0)
                #expect(unchanged.headers[.eTag] == tag)
                OpenAPIContractTests.expectConforms(unchanged, "get", feed.path, spec)
            }
            #expect(try await server.calendar(household, feed: feed.token, ifNoneMatch: "\"other\"").status == .ok)

            let pushed = journal.entries.count
            try journal.buy(Self.eggs, 6, due: try CalendarDay(year: 2026, month: 4, day: 2))
            _ = try await server.results(household, token: token, try HouseholdJournal.operations(Array(journal.entries[pushed...])))
            let changed = try await server.calendar(household, feed: feed.token, ifNoneMatch: tag)
            #expect(changed.status == .ok)
            let newTag = try #require(changed.headers[.eTag])
            #expect(newTag != tag)
            #expect(String(buffer: changed.body).contains("DTSTART;VALUE=DATE:20260402"))
            #expect(try await server.calendar(household, feed: feed.token, ifNoneMatch: newTag).status == .notModified)
        }
    }

    // MARK: - Tokens kept to their place

    @Test func aFeedTokenReadsOnlyItsCalendarAndADeviceTokenNeverReadsIt() async throws {
        try await withSyncServer(views: { JournalFoldingViews(store: $0) }) { server in
            let (household, token, _) = try await server.household("A")
            let (other, otherToken, _) = try await server.household("B")
            let pen = try KitPayloads.product()
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            let (feed, feedToken) = try await server.store.addFeed(to: household, label: nil)
            let before = try await server.rowCounts(household)

            // A feed token as a bearer token: refused everywhere a device goes, with the envelope and the reason.
            let push = try JSONEncoder().encode(PushRequest(operations: [try KitPayloads.journal(of: household)]))
            let deviceRoutes: [(String, HTTPRequest.Method, String?)] = [
                ("/v1/households/\(household)/push", .post, String(decoding: push, as: UTF8.self)),
                ("/v1/households/\(household)/changes", .get, nil),
                ("/v1/households/\(household)/products/\(pen.productID.rawValue)", .get, nil),
                ("/v1/households/\(household)/feeds", .get, nil),
                ("/v1/households/\(household)/feeds", .post, #"{"label":"sneaky"}"#),
                ("/v1/households/\(household)/feeds/\(feed)", .delete, nil),
                ("/v1/households/\(household)", .delete, nil),
            ]
            for (uri, method, body) in deviceRoutes {
                let response = try await server.execute(uri, method, token: feedToken, body: body)
                #expect(response.status == .unauthorized, "\(method) \(uri)")
                let envelope = try decode(ErrorEnvelope.self, response)
                #expect(envelope.error.code == .unauthorized, "\(method) \(uri)")
                #expect(envelope.error.details["reason"] == "feed_token", "\(method) \(uri)")
                #expect(!String(buffer: response.body).contains(feedToken.rawValue))
            }
            #expect(try await server.rowCounts(household) == before, "nothing was written")
            #expect(try await server.store.feeds(of: household).map(\.revokedAt) == [nil], "nor the feed revoked")

            // A device's bearer token never reads the calendar: not as ?feed=, not as a header.
            let asFeed = try await server.calendar(household, feed: token.rawValue)
            #expect(asFeed.status == .unauthorized)
            #expect(try decode(ErrorEnvelope.self, asFeed).error.details["reason"] == "device_token")
            let asHeader = try await server.execute("/v1/households/\(household)/calendar.ics", .get, token: token)
            #expect(asHeader.status == .unauthorized)
            #expect(try decode(ErrorEnvelope.self, asHeader).error.code == .unauthorized)

            // A feed reads its own household only, as a device does (403); a guessed token learns nothing.
            let elsewhere = try await server.calendar(other, feed: feedToken.rawValue)
            #expect(elsewhere.status == .forbidden)
            #expect(try decode(ErrorEnvelope.self, elsewhere).error.code == .forbidden)
            let guessed = try decode(ErrorEnvelope.self, try await server.calendar(household, feed: BearerToken.generate().rawValue))
            #expect(guessed.error.code == .unauthorized && guessed.error.details["reason"] == nil)
            let malformed = try await server.calendar(household, feed: "x'%20OR%20'1'='1")
            #expect(malformed.status == .unauthorized)
            #expect(try await server.calendar(household, feed: feedToken.rawValue).status == .ok)
            _ = otherToken
        }
    }

    @Test func erasingTheHouseholdMakesItsFeedsUnusable() async throws {
        try await withSyncServer(views: { JournalFoldingViews(store: $0) }) { server in
            let (household, token, _) = try await server.household()
            let feed = try decode(FeedCreationResponse.self, try await server.createFeed(household, token: token, body: nil))
            #expect(try await server.calendar(household, feed: feed.token).status == .ok)

            let erase = try await server.execute("/v1/households/\(household)", .delete, token: token)
            #expect(erase.status == .noContent)
            let refused = try await server.calendar(household, feed: feed.token)
            #expect(refused.status == .unauthorized)
            #expect(try decode(ErrorEnvelope.self, refused).error.details["reason"] == "household_erased")
            var revoked: [Bool] = []
            for try await value in try await server.store.client.query(
                "SELECT revoked_at IS NOT NULL FROM feed_tokens WHERE household_id = \(household.rawValue)"
            ).decode(Bool.self) {
                revoked.append(value)
            }
            #expect(revoked == [true], "erase revokes the household's feeds")
        }
    }

    @Test func failedFeedAuthenticationsCountInTheSameLimitAsDevices() async throws {
        try await withSyncServer(limits: SyncLimits(maxFailedAuthenticationsPerMinute: 3), views: { JournalFoldingViews(store: $0) }) { server in
            let (household, token, _) = try await server.household()
            let (_, feedToken) = try await server.store.addFeed(to: household, label: nil)
            for _ in 0..<3 {
                #expect(try await server.calendar(household, feed: BearerToken.generate().rawValue).status == .unauthorized)
            }
            for blocked in [try await server.calendar(household, feed: feedToken.rawValue), try await server.pull(household, token: token)] {
                #expect(blocked.status == .unauthorized)
                #expect(try decode(ErrorEnvelope.self, blocked).error.details["retryAfterSeconds"] == "60")
            }
        }
    }

    // MARK: - Fixtures

    /// A household in Kiritimati (UTC+14) with a fridge, the milk of ``hostileTitle`` due 2026-03-13 and eggs due
    /// 2026-03-20, all pushed to the server (products and journal) through the API.
    static func stockedHousehold(
        _ household: SyncServer.HouseholdID, token: BearerToken, server: SyncServerHarness
    ) async throws -> (HouseholdJournal, LotID, LotID) {
        let products = [
            try KitPayloads.product(milk, title: hostileTitle), try KitPayloads.product(eggs, title: "Eggs, free range"),
        ]
        _ = try await server.results(household, token: token, try products.map {
            try KitPayloads.productChange($0.productID, product: $0, stamp: KitPayloads.stamp(1), baseStamp: nil)
        })
        var journal = HouseholdJournal(of: household)
        try journal.run(.createHousehold(name: "Home"))
        try journal.run(.setHouseholdTimeZone(try HouseholdTimeZone(identifier: "Pacific/Kiritimati")))
        try journal.run(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")))
        try journal.run(.defineLocation(LocationDefinition(id: LocationID.derived(household: journal.household, name: "Fridge"), name: "Fridge")))
        let milkLot = try journal.buy(milk, 1, due: try CalendarDay(year: 2026, month: 3, day: 13))
        let eggsLot = try journal.buy(eggs, 6, due: try CalendarDay(year: 2026, month: 3, day: 20))
        let results = try await server.results(household, token: token, try HouseholdJournal.operations(journal.entries))
        guard results.allSatisfy({ $0.status == .applied }) else {
            throw HarnessFailure(description: "the journal was not applied: \(results)")
        }
        return (journal, milkLot, eggsLot)
    }
}

extension SyncServerHarness {
    /// A request with a bearer token (or none) and an optional text body.
    func execute(_ uri: String, _ method: HTTPRequest.Method, token: BearerToken?, body: String? = nil) async throws
        -> TestResponse
    {
        try await client.execute(uri: uri, method: method, headers: Self.headers(token), body: body.map { ByteBuffer(string: $0) })
    }

    /// `POST households/{id}/feeds` with a device's token.
    func createFeed(_ household: SyncServer.HouseholdID, token: BearerToken, body: String?) async throws -> TestResponse {
        try await execute("/v1/households/\(household)/feeds", .post, token: token, body: body)
    }

    /// `GET households/{id}/calendar.ics?feed=…`, without an `Authorization` header.
    func calendar(_ household: SyncServer.HouseholdID, feed: String, ifNoneMatch: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let ifNoneMatch { headers[.ifNoneMatch] = ifNoneMatch }
        return try await client.execute(uri: "/v1/households/\(household)/calendar.ics?feed=\(feed)", method: .get, headers: headers)
    }
}
