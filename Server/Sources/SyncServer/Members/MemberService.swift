import Foundation
import SyncWire

/// The rules of household members on the web: invitations, sign-in, sessions and revocation.
///
/// A member is a person, not a device: `inventorykit-server member invite` or a device's
/// `POST /v1/households/{id}/members` creates one with a one-time invitation; using it opens a session whose token
/// lives in an `HttpOnly` cookie and whose CSRF token every form sends back. Sign-in attempts count against the
/// same failed-authentication limit as device tokens, per peer address.
package struct MemberService: Sendable {
    /// How long things last.
    package struct Lifetimes: Sendable {
        /// How long an invitation works, unless its creator says otherwise.
        package var invitation: Duration = .seconds(7 * 24 * 3600)
        /// How long a session lasts after sign-in.
        package var session: Duration = .seconds(30 * 24 * 3600)

        /// The defaults: invitations for 7 days, sessions for 30.
        package init() {}
    }

    /// The longest member name, in characters.
    package static let maxNameLength = 100

    /// The sync rules (store, limits, failed-authentication limiter).
    package let service: SyncService
    /// The database.
    package let store: PostgresSyncStore
    /// How long invitations and sessions last.
    package let lifetimes: Lifetimes
    /// The clock.
    var now: @Sendable () -> Date = { Date() }

    /// Creates the service.
    package init(service: SyncService, store: PostgresSyncStore, lifetimes: Lifetimes = Lifetimes()) {
        self.service = service
        self.store = store
        self.lifetimes = lifetimes
    }

    /// Adds a member with a one-time invitation that works for `lifetime` (the default lifetime when `nil`).
    /// - Throws: ``APIError`` `invalid_request` for an empty or overlong name or a non-positive lifetime,
    ///   `not_found` for an unknown or erased household.
    package func invite(
        _ name: String, to household: HouseholdID, lifetime: Duration? = nil, invitedBy: String? = nil
    ) async throws -> MemberInvitation {
        let trimmed = try Self.personName(name, field: "name", what: "A member's name")
        let inviter = try invitedBy.map { try Self.personName($0, field: "invitedBy", what: "The inviter's name") }
        let lifetime = lifetime ?? lifetimes.invitation
        guard lifetime > .zero else { throw APIError.invalidField("expiresIn", "An invitation must last a positive time.") }
        let expiresAt = now().addingTimeInterval(Self.seconds(lifetime))
        return try await service.mapStoreErrors {
            try await store.addMember(named: trimmed, to: household, expiresAt: expiresAt, invitedBy: inviter)
        }
    }

    /// A person's name as the server keeps it: trimmed, 1 to ``maxNameLength`` characters, no control characters.
    /// - Throws: ``APIError`` `invalid_request` naming `field` otherwise.
    static func personName(_ text: String, field: String, what: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maxNameLength,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw APIError.invalidField(
                field, "\(what) must be 1 to \(maxNameLength) characters without control characters.")
        }
        return trimmed
    }

    /// The household's members.
    /// - Throws: ``APIError`` `not_found` for an unknown or erased household.
    package func members(of household: HouseholdID) async throws -> [MemberRecord] {
        try await service.mapStoreErrors { try await store.members(of: household) }
    }

    /// Revokes a member: their sessions end at once and their invitations stop working.
    /// - Throws: ``APIError`` `not_found` for an unknown household or member.
    package func revoke(_ member: MemberID, of household: HouseholdID) async throws {
        try await service.mapStoreErrors { try await store.revokeMember(member, of: household) }
    }

    /// Uses an invitation and opens a session; the returned token goes into the session cookie.
    ///
    /// A malformed token is refused without a lookup; a refusal counts as a failed authentication of `peer`, and
    /// a blocked peer is refused without one.
    /// - Throws: ``APIError`` `unauthorized` when the peer is blocked.
    package func signIn(with invitation: String, peer: String) async throws -> Result<(MemberSession, BearerToken), InvitationRefusal> {
        let limiter = service.failedAuthentications
        guard await limiter.beginAttempt(peer) else {
            throw APIError(
                .unauthorized, "Too many failed sign-ins from this address; try again in a minute.",
                details: ["retryAfterSeconds": "60"])
        }
        let token = BearerToken(rawValue: invitation)
        guard token.isWellFormed else {
            await limiter.endAttempt(peer, failed: true)
            return .failure(.unknown)
        }
        let sessionToken = BearerToken.generate()
        let csrf = BearerToken.generate().rawValue
        let expiresAt = now().addingTimeInterval(Self.seconds(lifetimes.session))
        let outcome: Result<MemberSession, InvitationRefusal>
        do {
            outcome = try await store.acceptInvitation(token, session: sessionToken, csrfToken: csrf, expiresAt: expiresAt)
        } catch {
            await limiter.endAttempt(peer, failed: false)
            throw error
        }
        switch outcome {
        case .success(let session):
            await limiter.endAttempt(peer, failed: false)
            return .success((session, sessionToken))
        case .failure(let refusal):
            await limiter.endAttempt(peer, failed: true)
            return .failure(refusal)
        }
    }

    /// The household and name an invitation is for, while it still works; `nil` otherwise (the page then shows no
    /// names). A well-formed token that names no working invitation counts as a failed authentication of `peer`,
    /// as a refused sign-in does, and a blocked peer is shown nothing.
    package func preview(of invitation: String, peer: String) async throws -> InvitationPreview? {
        let token = BearerToken(rawValue: invitation)
        guard token.isWellFormed else { return nil }
        let limiter = service.failedAuthentications
        guard await limiter.beginAttempt(peer) else { return nil }
        let preview: InvitationPreview?
        do {
            preview = try await store.invitationPreview(token)
        } catch {
            await limiter.endAttempt(peer, failed: false)
            throw error
        }
        await limiter.endAttempt(peer, failed: preview == nil)
        return preview
    }

    /// The open session a cookie names, or `nil` (no cookie, malformed, ended, expired, revoked, erased). A
    /// well-formed cookie that names no open session counts as a failed authentication of `peer`.
    package func session(cookie: String?, peer: String) async throws -> MemberSession? {
        guard let cookie else { return nil }
        let token = BearerToken(rawValue: cookie)
        let metrics = service.metrics
        guard token.isWellFormed else {
            metrics.recordAuthenticationFailure(.missingOrMalformed)
            return nil
        }
        let limiter = service.failedAuthentications
        guard await limiter.beginAttempt(peer) else {
            metrics.recordAuthenticationFailure(.rateLimited)
            return nil
        }
        let session: MemberSession?
        do {
            session = try await store.session(token)
        } catch {
            await limiter.endAttempt(peer, failed: false)
            throw error
        }
        await limiter.endAttempt(peer, failed: session == nil)
        if let session {
            RequestScope.current?.identify(household: session.householdID)
        } else {
            metrics.recordAuthenticationFailure(.unknownSession)
        }
        return session
    }

    /// Ends the session a cookie names (sign-out).
    package func signOut(cookie: String?) async throws {
        guard let cookie else { return }
        let token = BearerToken(rawValue: cookie)
        guard token.isWellFormed else { return }
        try await store.endSession(token)
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
