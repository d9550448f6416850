import Foundation
import InventoryModule
import SyncWire

/// The rules of calendar feeds: feed tokens a household's devices create, list and revoke, and the calendar a
/// feed token reads.
///
/// A feed token is read-only and belongs to one household: it authenticates only the calendar, never a device
/// route (those look tokens up among devices, and tell a feed token's holder why it is refused). Failed feed
/// authentications count in the same ``FailedAuthenticationLimiter`` as failed device authentications.
package struct CalendarFeedService: Sendable {
    /// The device rules: authentication, authorization, the limiter and the mapping of store errors.
    package let service: SyncService
    /// The feed tokens and product titles.
    package let store: any FeedTokenStore
    /// Where the household's folded state comes from (the server's replica).
    package let views: any HouseholdViewSource
    /// The span the calendar covers.
    package let window: CalendarFeedWindow
    /// The clock "today" is read from.
    let now: @Sendable () -> Date

    /// The longest label, in UTF-8 bytes.
    package static let maxLabelBytes = 200

    /// Whether a feed's label is 1 to ``maxLabelBytes`` bytes without control characters.
    package static func isValidLabel(_ label: String) -> Bool {
        !label.isEmpty && label.utf8.count <= maxLabelBytes
            && !label.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Creates the service.
    package init(
        service: SyncService, store: any FeedTokenStore, views: any HouseholdViewSource,
        window: CalendarFeedWindow = CalendarFeedWindow(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.service = service
        self.store = store
        self.views = views
        self.window = window
        self.now = now
    }

    // MARK: - Feed tokens

    /// Creates a feed token of the household.
    /// - Throws: ``APIError`` `invalid_request` for a label that is empty, longer than ``maxLabelBytes`` or holds
    ///   a control character; `not_found` when the household is gone.
    package func addFeed(to household: HouseholdID, label: String?) async throws -> FeedCreationResponse {
        if let label, !Self.isValidLabel(label) {
            throw APIError.invalidField("label", "label must be 1 to \(Self.maxLabelBytes) bytes without control characters.")
        }
        let (feed, token) = try await service.mapStoreErrors { try await store.addFeed(to: household, label: label) }
        return FeedCreationResponse(
            feedId: feed.description, token: token.rawValue, path: Self.calendarPath(of: household, token: token))
    }

    /// The household's feeds, revoked ones included.
    /// - Throws: ``APIError`` `not_found` when the household is gone.
    package func feeds(of household: HouseholdID) async throws -> FeedList {
        FeedList(try await service.mapStoreErrors { try await store.feeds(of: household) })
    }

    /// Revokes a feed of the household by the id a path names.
    /// - Throws: ``APIError`` `invalid_request` for an id that is not a UUID, `not_found` when the household has
    ///   no such feed or is gone.
    package func revokeFeed(_ feedParameter: String, of household: HouseholdID) async throws {
        guard let feed = FeedID(feedParameter) else {
            throw APIError.invalidField("feedId", "The feed id must be a UUID.")
        }
        try await service.mapStoreErrors { try await store.revokeFeed(feed, of: household) }
    }

    /// The path of a feed's calendar: `/v1/households/{id}/calendar.ics?feed=TOKEN` (a token is base64url, so it
    /// needs no escaping in a query).
    package static func calendarPath(of household: HouseholdID, token: BearerToken) -> String {
        "/v1/households/\(household)/calendar.ics?feed=\(token.rawValue)"
    }

    // MARK: - Calendar

    /// The feed a `feed` query parameter's token belongs to.
    ///
    /// Costs as ``SyncService/authenticate(_:peer:)`` does: a missing or malformed token is refused without a
    /// lookup, a blocked peer is refused without one, and each refusal counts against the peer.
    /// - Throws: ``APIError`` `unauthorized` when the token is missing, malformed, unknown, revoked, a device's, or
    ///   of an erased household, or the peer is blocked; a token that once worked (or is a device's) is told why
    ///   in `details.reason` (``FeedTokenRefusal``).
    package func authenticateFeed(_ text: String?, peer: String = "unknown") async throws -> AuthenticatedFeed {
        let limiter = service.failedAuthentications
        guard await limiter.beginAttempt(peer) else {
            service.metrics.recordAuthenticationFailure(.rateLimited)
            throw APIError(
                .unauthorized, "Too many failed authentications from this address; try again in a minute.",
                details: ["retryAfterSeconds": "60"])
        }
        let token = text.map(BearerToken.init(rawValue:))
        let feed: AuthenticatedFeed?
        do {
            feed = if let token, token.isWellFormed { try await store.authenticateFeed(token) } else { nil }
        } catch {
            await limiter.endAttempt(peer, failed: false)
            throw error
        }
        await limiter.endAttempt(peer, failed: feed == nil)
        guard let feed else {
            let refusal: FeedTokenRefusal
            if let token, token.isWellFormed {
                refusal = (try? await store.feedRefusal(of: token)) ?? .unknown
                service.metrics.recordAuthenticationFailure(AuthenticationFailureKind(refusal))
            } else {
                refusal = .unknown
                service.metrics.recordAuthenticationFailure(.missingOrMalformed)
            }
            switch refusal {
            case .unknown:
                throw APIError(.unauthorized, "A valid feed token is required in the feed query parameter.")
            case .feedRevoked:
                throw APIError(
                    .unauthorized, "This calendar feed was revoked; the household can create another.",
                    details: ["reason": refusal.rawValue])
            case .householdErased:
                throw APIError(
                    .unauthorized, "This household was erased on the server; no token of it will work again.",
                    details: ["reason": refusal.rawValue])
            case .deviceToken:
                throw APIError(
                    .unauthorized,
                    "A device's bearer token does not read the calendar; create a feed token with POST /v1/households/{id}/feeds.",
                    details: ["reason": refusal.rawValue])
            }
        }
        return feed
    }

    /// The household a path names, if the feed reads it: a feed of another household is `forbidden`, as a device
    /// of another household is.
    /// - Throws: ``APIError`` `invalid_request` for a malformed id, `forbidden` for another household.
    package func authorize(_ feed: AuthenticatedFeed, householdParameter: String) throws -> HouseholdID {
        guard let household = HouseholdID(householdParameter) else {
            throw APIError.invalidField("id", "The household id must be a UUID.")
        }
        guard household == feed.householdID else {
            throw APIError(.forbidden, "This feed may not read that household's calendar.")
        }
        return household
    }

    /// The household's calendar: its state from ``views`` rendered by the kit's `HouseholdCalendarFeed` over
    /// ``window``, with the titles of its products on this server.
    /// - Throws: ``APIError`` `not_found` when the household is gone, and what the view source throws.
    package func calendar(of household: HouseholdID) async throws -> CalendarFeedDocument {
        let state = try await service.mapStoreErrors { try await views.view(of: household, atLeast: nil) }.state
        let kitHousehold = InventoryModule.HouseholdID(household.rawValue)
        let (start, end) = window.range(of: kitHousehold, in: state, at: now())
        let productIDs = state.lots.values.filter { $0.householdID == kitHousehold }.map(\.productID.rawValue)
            + state.belowMinimumStock().map(\.productID.rawValue)
        let titles = try await service.mapStoreErrors { try await store.productTitles(of: household, ids: productIDs) }
        let feed = HouseholdCalendarFeed(
            state: state, household: kitHousehold, stamp: start, productName: { titles[$0.rawValue] })
        return CalendarFeedDocument(text: feed.render(from: start, through: end))
    }
}
