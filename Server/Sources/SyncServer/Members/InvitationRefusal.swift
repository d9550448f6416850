/// Why an invitation did not sign anybody in; the page says so in words.
package enum InvitationRefusal: String, Sendable, Error, CaseIterable {
    /// No invitation has this token.
    case unknown
    /// The invitation was used already: each opens one session.
    case used
    /// The invitation's time ran out.
    case expired
    /// The member was revoked.
    case memberRevoked
    /// The household was erased.
    case householdErased

    /// The sentence a page shows.
    package var message: String {
        switch self {
        case .unknown: "This invitation link is not valid. Ask a household member for a new one."
        case .used: "This invitation was used already; each invitation signs in once. Ask for a new one."
        case .expired: "This invitation has expired. Ask a household member for a new one."
        case .memberRevoked: "This member's access was revoked."
        case .householdErased: "This household was erased on the server."
        }
    }
}
