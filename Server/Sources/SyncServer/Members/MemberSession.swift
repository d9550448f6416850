import Foundation

/// A signed-in member: what a valid session cookie names.
package struct MemberSession: Sendable, Hashable {
    /// The household the member belongs to; the session reads and writes no other.
    package let householdID: HouseholdID
    /// The member.
    package let memberID: MemberID
    /// The member's name.
    package let name: String
    /// The token every form of this session carries and every POST must send back.
    package let csrfToken: String

    /// Creates a session.
    package init(householdID: HouseholdID, memberID: MemberID, name: String, csrfToken: String) {
        self.householdID = householdID
        self.memberID = memberID
        self.name = name
        self.csrfToken = csrfToken
    }

    /// Whether `candidate` is this session's CSRF token, compared in time that does not depend on where the two
    /// first differ.
    package func acceptsCSRFToken(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(csrfToken.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(expected, given) { difference |= left ^ right }
        return difference == 0
    }
}
