/// An invitation as its page describes it: the household it opens and the name it invites.
package struct InvitationPreview: Sendable, Hashable {
    /// The household's name.
    package let householdName: String
    /// The name the member was invited under.
    package let memberName: String
}
