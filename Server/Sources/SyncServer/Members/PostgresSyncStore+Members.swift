import Foundation
import Logging
import NIOCore
import PostgresNIO
import SyncWire

/// Members, invitations and web sessions (migration `0008_members_sessions`). Tokens are kept as device tokens
/// are: only the SHA-256 of their text is stored, and a token is found by looking its hash up.
extension PostgresSyncStore {
    // MARK: - Members

    /// Adds a member to a live household with an invitation valid until `expiresAt`.
    package func addMember(
        named name: String, to household: HouseholdID, expiresAt: Date, invitedBy: String? = nil
    ) async throws -> MemberInvitation {
        let member = MemberID(UUID())
        let token = BearerToken.generate()
        let hash = ByteBuffer(bytes: token.hash)
        let logger = self.logger
        try await transaction { connection in
            var inserted = false
            for try await _ in try await connection.query(
                """
                INSERT INTO members (household_id, id, name, invited_by)
                SELECT id, \(member.rawValue), \(name), \(invitedBy) FROM households
                WHERE id = \(household.rawValue) AND erased_at IS NULL
                RETURNING id
                """,
                logger: logger
            ).decode(UUID.self) {
                inserted = true
            }
            guard inserted else { throw SyncStoreError.householdNotFound(household) }
            try await connection.query(
                """
                INSERT INTO member_invitations (token_hash, household_id, member_id, expires_at)
                VALUES (\(hash), \(household.rawValue), \(member.rawValue), \(expiresAt))
                """,
                logger: logger
            )
        }
        return MemberInvitation(memberId: member.description, name: name, token: token.rawValue, expiresAt: expiresAt)
    }

    /// Revokes a member: their sessions end and their unused invitations stop working.
    package func revokeMember(_ member: MemberID, of household: HouseholdID) async throws {
        let logger = self.logger
        try await transaction { connection in
            var live = false
            var found = false
            for try await (erased, revoked) in try await connection.query(
                """
                WITH revoked AS (
                    UPDATE members SET revoked_at = COALESCE(revoked_at, now())
                    WHERE household_id = \(household.rawValue) AND id = \(member.rawValue)
                      AND EXISTS (SELECT 1 FROM households WHERE id = \(household.rawValue) AND erased_at IS NULL)
                    RETURNING id
                )
                SELECT h.erased_at IS NOT NULL, (SELECT count(*) FROM revoked) > 0
                FROM households h WHERE h.id = \(household.rawValue)
                """,
                logger: logger
            ).decode((Bool, Bool).self) {
                live = !erased
                found = revoked
            }
            guard live else { throw SyncStoreError.householdNotFound(household) }
            guard found else { throw SyncStoreError.memberNotFound(member) }
            try await connection.query(
                """
                UPDATE web_sessions SET revoked_at = now()
                WHERE household_id = \(household.rawValue) AND member_id = \(member.rawValue) AND revoked_at IS NULL
                """,
                logger: logger
            )
        }
    }

    /// The household's members, oldest first, with their open sessions.
    package func members(of household: HouseholdID) async throws -> [MemberRecord] {
        var live = false
        var members: [MemberRecord] = []
        for (erased, id, name, createdAt, revokedAt, sessions) in try await client.watchedQuery(
            """
            SELECT h.erased_at IS NOT NULL, m.id, m.name, m.created_at, m.revoked_at,
                   (SELECT count(*) FROM web_sessions s WHERE s.household_id = m.household_id AND s.member_id = m.id
                      AND s.revoked_at IS NULL AND s.expires_at > now())
            FROM households h LEFT JOIN members m ON m.household_id = h.id
            WHERE h.id = \(household.rawValue)
            ORDER BY m.created_at, m.id
            """,
            logger: logger,
            decoding: (Bool, UUID?, String?, Date?, Date?, Int64?).self
        ) {
            live = !erased
            if let id, let name, let createdAt {
                members.append(MemberRecord(
                    memberId: MemberID(id), name: name, createdAt: createdAt, revokedAt: revokedAt,
                    openSessions: Int(sessions ?? 0)))
            }
        }
        guard live else { throw SyncStoreError.householdNotFound(household) }
        return members
    }

    // MARK: - Sessions

    /// Uses the invitation the token names, if it still works, and opens a session until `expiresAt`; otherwise
    /// says why not. One transaction: of two uses of one invitation, one opens a session.
    package func acceptInvitation(
        _ invitation: BearerToken, session: BearerToken, csrfToken: String, expiresAt: Date
    ) async throws -> Result<MemberSession, InvitationRefusal> {
        let invitationHash = ByteBuffer(bytes: invitation.hash)
        let sessionHash = ByteBuffer(bytes: session.hash)
        let logger = self.logger
        return try await transaction { connection in
            var state: (UUID, UUID, String, Bool, Bool, Bool, Bool)?
            for try await row in try await connection.query(
                """
                SELECT i.household_id, i.member_id, m.name, i.used_at IS NOT NULL, i.expires_at <= now(),
                       m.revoked_at IS NOT NULL, h.erased_at IS NOT NULL
                FROM member_invitations i
                JOIN members m ON m.household_id = i.household_id AND m.id = i.member_id
                JOIN households h ON h.id = i.household_id
                WHERE i.token_hash = \(invitationHash)
                FOR UPDATE OF i
                """,
                logger: logger
            ).decode((UUID, UUID, String, Bool, Bool, Bool, Bool).self) {
                state = row
            }
            guard let (household, member, name, used, expired, revoked, erased) = state else { return .failure(.unknown) }
            if erased { return .failure(.householdErased) }
            if revoked { return .failure(.memberRevoked) }
            if used { return .failure(.used) }
            if expired { return .failure(.expired) }
            try await connection.query(
                "UPDATE member_invitations SET used_at = now() WHERE token_hash = \(invitationHash)", logger: logger)
            try await connection.query(
                """
                INSERT INTO web_sessions (token_hash, household_id, member_id, csrf_token, expires_at)
                VALUES (\(sessionHash), \(household), \(member), \(csrfToken), \(expiresAt))
                """,
                logger: logger
            )
            return .success(MemberSession(
                householdID: HouseholdID(household), memberID: MemberID(member), name: name, csrfToken: csrfToken))
        }
    }

    /// The open session the token names: not ended, not expired, its member not revoked, its household not erased.
    package func session(_ token: BearerToken) async throws -> MemberSession? {
        let hash = ByteBuffer(bytes: token.hash)
        for (household, member, name, csrf) in try await client.watchedQuery(
            """
            SELECT s.household_id, s.member_id, m.name, s.csrf_token FROM web_sessions s
            JOIN members m ON m.household_id = s.household_id AND m.id = s.member_id
            JOIN households h ON h.id = s.household_id
            WHERE s.token_hash = \(hash) AND s.revoked_at IS NULL AND s.expires_at > now()
              AND m.revoked_at IS NULL AND h.erased_at IS NULL
            """,
            logger: logger,
            decoding: (UUID, UUID, String, String).self
        ) {
            return MemberSession(householdID: HouseholdID(household), memberID: MemberID(member), name: name, csrfToken: csrf)
        }
        return nil
    }

    /// Ends the session the token names (signing out); does nothing for an unknown or ended one.
    package func endSession(_ token: BearerToken) async throws {
        let hash = ByteBuffer(bytes: token.hash)
        let logger = self.logger
        try await client.withWatchedConnection { connection in
            for try await _ in try await connection.query(
                "UPDATE web_sessions SET revoked_at = now() WHERE token_hash = \(hash) AND revoked_at IS NULL",
                logger: logger) {}
        }
    }
}
