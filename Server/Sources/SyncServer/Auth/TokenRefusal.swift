/// Why a well-formed bearer token that authenticates no device was refused.
///
/// Only a token that once belonged to a device learns more than "unknown": its holder had the token, so telling it
/// that its device was revoked or its household erased reveals nothing a guesser could use (a guessed token matches
/// no device and stays ``unknown``).
package enum TokenRefusal: String, Sendable, CaseIterable {
    /// The token matches no device.
    case unknown
    /// The token's device was revoked; its household lives on, and the device can be given a new token.
    case deviceRevoked = "device_revoked"
    /// The token's household was erased: no token of it will ever work again.
    case householdErased = "household_erased"
    /// The token is a calendar feed's: it reads only `calendar.ics?feed=TOKEN`, never a device route.
    case feedToken = "feed_token"
}
