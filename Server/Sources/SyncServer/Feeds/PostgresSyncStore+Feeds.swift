import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Calendar feed tokens in `feed_tokens` (migration `0007_feed_tokens`), kept as device tokens are: only the
/// SHA-256 of the token text is stored, and a token is found by looking its hash up.
extension PostgresSyncStore: FeedTokenStore {
    // MARK: - Writes

    /// Inserts a feed with the hash of a fresh token, if the household is live.
    package func addFeed(to household: HouseholdID, label: String?) async throws -> (FeedID, BearerToken) {
        let feed = FeedID(UUID())
        let token = BearerToken.generate()
        let hash = ByteBuffer(bytes: token.hash)
        var inserted = false
        for _ in try await client.committedQuery(
            """
            INSERT INTO feed_tokens (household_id, id, token_hash, label)
            SELECT id, \(feed.rawValue), \(hash), \(label) FROM households
            WHERE id = \(household.rawValue) AND erased_at IS NULL
            RETURNING id
            """,
            logger: logger,
            decoding: UUID.self
        ) {
            inserted = true
        }
        guard inserted else { throw SyncStoreError.householdNotFound(household) }
        return (feed, token)
    }

    /// Sets `revoked_at` of the household's feed (keeps the first revocation time).
    package func revokeFeed(_ feed: FeedID, of household: HouseholdID) async throws {
        var live = false
        var found = false
        for (erased, revoked) in try await client.committedQuery(
            """
            WITH revoked AS (
                UPDATE feed_tokens SET revoked_at = COALESCE(revoked_at, now())
                WHERE household_id = \(household.rawValue) AND id = \(feed.rawValue)
                  AND EXISTS (SELECT 1 FROM households WHERE id = \(household.rawValue) AND erased_at IS NULL)
                RETURNING id
            )
            SELECT h.erased_at IS NOT NULL, (SELECT count(*) FROM revoked) > 0
            FROM households h WHERE h.id = \(household.rawValue)
            """,
            logger: logger,
            decoding: (Bool, Bool).self
        ) {
            live = !erased
            found = revoked
        }
        guard live else { throw SyncStoreError.householdNotFound(household) }
        guard found else { throw SyncStoreError.feedNotFound(feed) }
    }

    // MARK: - Reads

    /// Reads the household's feeds, oldest first.
    package func feeds(of household: HouseholdID) async throws -> [FeedTokenRecord] {
        var live = false
        var feeds: [FeedTokenRecord] = []
        for (erased, id, label, createdAt, revokedAt) in try await client.watchedQuery(
            """
            SELECT h.erased_at IS NOT NULL, f.id, f.label, f.created_at, f.revoked_at
            FROM households h LEFT JOIN feed_tokens f ON f.household_id = h.id
            WHERE h.id = \(household.rawValue)
            ORDER BY f.created_at, f.id
            """,
            logger: logger,
            decoding: (Bool, UUID?, String?, Date?, Date?).self
        ) {
            live = !erased
            if let id, let createdAt {
                feeds.append(FeedTokenRecord(id: FeedID(id), label: label, createdAt: createdAt, revokedAt: revokedAt))
            }
        }
        guard live else { throw SyncStoreError.householdNotFound(household) }
        return feeds
    }

    /// Looks the token's hash up among live feeds of live households.
    package func authenticateFeed(_ token: BearerToken) async throws -> AuthenticatedFeed? {
        let hash = ByteBuffer(bytes: token.hash)
        for (feedID, householdID) in try await client.watchedQuery(
            """
            SELECT f.id, f.household_id FROM feed_tokens f
            JOIN households h ON h.id = f.household_id
            WHERE f.token_hash = \(hash) AND f.revoked_at IS NULL AND h.erased_at IS NULL
            """,
            logger: logger,
            decoding: (UUID, UUID).self
        ) {
            return AuthenticatedFeed(feedID: FeedID(feedID), householdID: HouseholdID(householdID))
        }
        return nil
    }

    /// The state of the feed the token's hash names, else whether it is a device's token.
    package func feedRefusal(of token: BearerToken) async throws -> FeedTokenRefusal {
        let hash = ByteBuffer(bytes: token.hash)
        for (isFeed, erased) in try await client.watchedQuery(
            """
            SELECT true, h.erased_at IS NOT NULL FROM feed_tokens f JOIN households h ON h.id = f.household_id
            WHERE f.token_hash = \(hash)
            UNION ALL
            SELECT false, false FROM devices WHERE token_hash = \(hash)
            """,
            logger: logger,
            decoding: (Bool, Bool).self
        ) {
            guard isFeed else { return .deviceToken }
            return erased ? .householdErased : .feedRevoked
        }
        return .unknown
    }

    /// Whether the token is a feed's (live or not): a device route tells its holder so (``TokenRefusal/feedToken``).
    func isFeedToken(_ token: BearerToken) async throws -> Bool {
        let hash = ByteBuffer(bytes: token.hash)
        for _ in try await client.watchedQuery(
            "SELECT 1 FROM feed_tokens WHERE token_hash = \(hash)", logger: logger, decoding: Int32.self
        ) {
            return true
        }
        return false
    }
}
