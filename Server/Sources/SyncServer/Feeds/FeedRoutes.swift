import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SyncWire

/// The calendar feed routes of `/v1`: feed tokens, managed with a device's bearer token, and the calendar a feed
/// token reads.
///
/// - `POST households/:id/feeds` → 201 ``FeedCreationResponse`` (body ``FeedCreationRequest``, or empty);
/// - `GET households/:id/feeds` → ``FeedList``;
/// - `DELETE households/:id/feeds/:feedId` → 204;
/// - `GET households/:id/calendar.ics?feed=TOKEN` → `text/calendar` with a strong `ETag`; `If-None-Match` → 304.
///
/// The calendar takes its token only from the `feed` query parameter (calendar apps subscribe to a URL and send
/// no header); an `Authorization` header there is ignored. The token is never logged.
package struct FeedRoutes<Context: RemoteAddressRequestContext>: Sendable {
    /// The rules behind the routes.
    package let feeds: CalendarFeedService

    /// The longest body of `POST households/:id/feeds`.
    static var maxCreationBodyBytes: Int { 4096 }

    /// Creates the routes.
    package init(feeds: CalendarFeedService) { self.feeds = feeds }

    /// Adds the routes to a router group (normally `router.group("v1")`).
    package func add(to group: RouterGroup<Context>) {
        group.post("households/:id/feeds") { request, context in
            let household = try await deviceHousehold(request, context)
            let label = try await creationRequest(of: request).label
            return EditedResponse(status: .created, response: try await feeds.addFeed(to: household, label: label))
        }
        group.get("households/:id/feeds") { request, context in
            try await feeds.feeds(of: try await deviceHousehold(request, context))
        }
        group.delete("households/:id/feeds/:feedId") { request, context in
            let household = try await deviceHousehold(request, context)
            try await feeds.revokeFeed(try SyncRoutes<Context>.pathParameter("feedId", of: context), of: household)
            return HTTPResponse.Status.noContent
        }
        group.get("households/:id/calendar.ics") { request, context in
            let feed = try await feeds.authenticateFeed(
                request.uri.queryParameters.get("feed"), peer: context.remoteAddress?.ipAddress ?? "unknown")
            let household = try feeds.authorize(
                feed, householdParameter: try SyncRoutes<Context>.pathParameter("id", of: context))
            return try await feeds.calendar(of: household).response(ifNoneMatch: request.headers[values: .ifNoneMatch])
        }
    }

    /// The household of the path, for a device's bearer token (a feed token is refused: it is no device's).
    private func deviceHousehold(_ request: Request, _ context: Context) async throws -> HouseholdID {
        try await SyncRoutes<Context>.deviceHousehold(feeds.service, request, context)
    }

    /// The body of a creation: empty (no label) or ``FeedCreationRequest`` JSON.
    private func creationRequest(of request: Request) async throws -> FeedCreationRequest {
        let data = try await SyncRoutes<Context>.body(of: request, upTo: Self.maxCreationBodyBytes)
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return FeedCreationRequest() }
        do {
            return try JSONDecoder().decode(FeedCreationRequest.self, from: data)
        } catch {
            throw APIError.invalidField("label", "The body must be empty or {\"label\": string}.")
        }
    }
}
