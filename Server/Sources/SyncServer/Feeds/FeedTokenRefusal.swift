/// Why a well-formed `feed` token that reads no calendar was refused.
///
/// As with ``TokenRefusal``, only a token that once worked (or works elsewhere) learns more than ``unknown``: its
/// holder had it, so the reason reveals nothing a guesser could use.
package enum FeedTokenRefusal: String, Sendable, CaseIterable {
    /// The token matches no feed and no device.
    case unknown
    /// The feed was revoked; the household can create another.
    case feedRevoked = "feed_revoked"
    /// The feed's household was erased: no token of it will ever work again.
    case householdErased = "household_erased"
    /// The token is a device's bearer token, which never reads the calendar feed.
    case deviceToken = "device_token"
}
