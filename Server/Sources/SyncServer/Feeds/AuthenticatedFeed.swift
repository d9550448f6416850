/// A calendar feed whose token matched a live (not revoked, household not erased) feed row.
///
/// A feed token only reads its household's calendar: it never authenticates a device route.
package struct AuthenticatedFeed: Sendable, Hashable {
    /// The feed.
    package let feedID: FeedID
    /// The one household whose calendar this feed reads.
    package let householdID: HouseholdID

    /// Creates a value.
    package init(feedID: FeedID, householdID: HouseholdID) {
        self.feedID = feedID
        self.householdID = householdID
    }
}
