/// The storage port of calendar feeds: a household's read-only feed tokens and the product titles its calendar
/// shows.
///
/// Implementers must guarantee:
/// - a token is returned once by ``addFeed(to:label:)`` and only its hash is stored (as for device tokens);
/// - ``authenticateFeed(_:)`` matches only a feed that is not revoked, of a household that is not erased;
/// - every read and write is scoped by household.
package protocol FeedTokenStore: Sendable {
    /// Creates a feed token for the household; the token is returned once and only its hash is stored.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)`` when the household is missing or erased.
    func addFeed(to household: HouseholdID, label: String?) async throws -> (FeedID, BearerToken)

    /// The household's feeds, revoked ones included, oldest first.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)`` when the household is missing or erased.
    func feeds(of household: HouseholdID) async throws -> [FeedTokenRecord]

    /// Revokes a feed of the household (keeping the first revocation time); its token stops working at once.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)``, ``SyncStoreError/feedNotFound(_:)`` when the household
    ///   has no such feed.
    func revokeFeed(_ feed: FeedID, of household: HouseholdID) async throws

    /// The live feed whose token hash matches, if any.
    /// - Throws: the driver's error.
    func authenticateFeed(_ token: BearerToken) async throws -> AuthenticatedFeed?

    /// Why a token that ``authenticateFeed(_:)`` refused is refused.
    /// - Throws: the driver's error.
    func feedRefusal(of token: BearerToken) async throws -> FeedTokenRefusal

    /// The titles of the household's live products among `ids` (a product without a title has no entry).
    /// - Throws: the driver's error.
    func productTitles(of household: HouseholdID, ids: [String]) async throws -> [String: String]
}
