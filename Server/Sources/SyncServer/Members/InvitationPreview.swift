/// An invitation as its page describes it: the household it opens and the name it invites.
package struct InvitationPreview: Sendable, Hashable {
    /// The household.
    package let householdID: HouseholdID
    /// The household's name: the server's, until the web app names it as its pages do.
    package var householdName: String
    /// The name the member was invited under.
    package let memberName: String
    /// Who sent the invitation, as they named themselves; `nil` when they gave no name.
    package var invitedBy: String? = nil
}
