import Foundation
import NIOCore
import PostgresNIO

/// What the web app shows before anybody signs in: which household an invitation is for and whom it invites, and
/// a household's name as the server keeps it. Reads only: looking at an invitation never uses it.
extension PostgresSyncStore {
    /// The household and member an invitation names, while it still works (not used, not expired, its member not
    /// revoked, its household not erased); `nil` otherwise.
    package func invitationPreview(_ invitation: BearerToken) async throws -> InvitationPreview? {
        let hash = ByteBuffer(bytes: invitation.hash)
        for (id, household, member, inviter) in try await client.watchedQuery(
            """
            SELECT h.id, h.name, m.name, m.invited_by FROM member_invitations i
            JOIN members m ON m.household_id = i.household_id AND m.id = i.member_id
            JOIN households h ON h.id = i.household_id
            WHERE i.token_hash = \(hash) AND i.used_at IS NULL AND i.expires_at > now()
              AND m.revoked_at IS NULL AND h.erased_at IS NULL
            """,
            logger: logger,
            decoding: (UUID, String, String, String?).self
        ) {
            return InvitationPreview(
                householdID: HouseholdID(id), householdName: household, memberName: member, invitedBy: inviter)
        }
        return nil
    }

    /// The name the household was created under on the server, `nil` when there is no such household.
    package func householdName(_ household: HouseholdID) async throws -> String? {
        for (name) in try await client.watchedQuery(
            "SELECT name FROM households WHERE id = \(household.rawValue)", logger: logger, decoding: (String).self
        ) {
            return name
        }
        return nil
    }
}
