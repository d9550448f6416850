/// Why an authentication (a device's bearer token, a calendar feed token, a web session cookie) was refused, as the `kind` label of `inventorykit_authentication_failures_total`.
package enum AuthenticationFailureKind: String, CaseIterable, Sendable {
    /// No bearer token, or a token or session cookie that is not of the token format.
    case missingOrMalformed = "missing_or_malformed"
    /// A well-formed token no device holds.
    case unknown
    /// A revoked device's token.
    case deviceRevoked = "device_revoked"
    /// A token of an erased household.
    case householdErased = "household_erased"
    /// A calendar feed token used where a device token is needed.
    case feedToken = "feed_token"
    /// A revoked calendar feed's token.
    case feedRevoked = "feed_revoked"
    /// A device's token used as a calendar feed token.
    case deviceToken = "device_token"
    /// A web session cookie no open session has (ended, expired or guessed).
    case unknownSession = "unknown_session"
    /// Refused without a lookup: the address failed too often this minute.
    case rateLimited = "rate_limited"
}

extension AuthenticationFailureKind {
    /// The kind of a well-formed token's refusal.
    init(_ refusal: TokenRefusal) {
        switch refusal {
        case .unknown: self = .unknown
        case .deviceRevoked: self = .deviceRevoked
        case .householdErased: self = .householdErased
        case .feedToken: self = .feedToken
        }
    }
}

extension AuthenticationFailureKind {
    /// The kind of a well-formed feed token's refusal.
    init(_ refusal: FeedTokenRefusal) {
        switch refusal {
        case .unknown: self = .unknown
        case .feedRevoked: self = .feedRevoked
        case .householdErased: self = .householdErased
        case .deviceToken: self = .deviceToken
        }
    }
}
