import Foundation
import HTTPTypes
import Hummingbird
import InventoryModule
import Logging

/// The household's web app under `/`: server-rendered pages for members (people, not devices), plain forms with
/// POST/redirect/GET, no script.
///
/// - `GET /` → the signed-in member's stock page, else the sign-in help;
/// - `GET /invite/{token}` → the invitation page; `POST /invite/{token}` → a session cookie, `303` to the stock;
/// - `GET /households/{id}/stock|due|shopping|history|setup|calendar`, `GET /households/{id}/products/{productId}`;
/// - `POST /households/{id}/shopping`, `…/shopping/{itemId}/remove`, `…/lots/{lotId}/consume|open`,
///   `…/overdraws/{entryId}/count|dismiss`, `…/calendar/feeds`, `POST /sign-out`.
///
/// Every page of a household needs a session of that household (another household's pages answer `403`, with no
/// hint whether it exists); every POST needs the session's CSRF token. Each action is the `InventoryCommand` a
/// device would perform (``WebCommandService``): a refusal of the kit's rules re-renders the page with the kit's
/// message (`422`) and writes nothing. Errors render as pages, never as the API's JSON.
package struct WebRoutes<Context: RemoteAddressRequestContext>: Sendable {
    /// The session cookie's name.
    package static var sessionCookie: String { "ik_session" }

    let members: MemberService
    let pages: WebPageBuilder
    let commands: WebCommandService
    let templates: WebTemplates
    /// Whether the session cookie is `Secure` whatever the request says (set when the server is reached over TLS
    /// through a proxy that does not send `X-Forwarded-Proto`).
    let secureCookies: Bool
    let logger: Logger

    /// Creates the routes over the store, the replica's folded states and the sync rules; with `openFoodFacts`,
    /// the purchase page looks up barcodes the household's catalog never held (one ``OpenFoodFactsLookup``, and so
    /// one rate limit, for every household these routes serve).
    package init(
        service: SyncService, store: PostgresSyncStore, views: any HouseholdViewSource, worker: ReplicaWorker?,
        secureCookies: Bool = false, openFoodFacts: OpenFoodFactsLookupSettings? = nil, logger: Logger
    ) {
        members = MemberService(service: service, store: store)
        pages = WebPageBuilder(
            source: views, store: store, service: service,
            lookup: openFoodFacts.map { OpenFoodFactsLookup(settings: $0, logger: logger) })
        commands = WebCommandService(source: views, store: store, service: service, worker: worker)
        templates = .bundled
        self.secureCookies = secureCookies
        self.logger = logger
    }

    /// Adds the pages and actions to the router's root.
    package func add(to router: Router<Context>) {
        let styleSheet = templates.styleSheet
        router.get("assets/site.css") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: styleSheet))
        }
        router.get("/") { request, context in
            try await guarded {
                guard let session = try await session(request, context) else { return signInHelp(status: .ok) }
                return WebTemplates.redirect("\(WebPaths.household(session.householdID))/stock")
            }
        }
        router.get("sign-in") { _, _ in signInHelp(status: .ok) }
        router.get("signed-out") { _, _ in
            templates.message("Signed out", "You are signed out. Open a new invitation to sign in again.", status: .ok, isError: false)
        }
        router.get("invite/:token") { _, context in
            try await guarded {
                let token = context.parameters.get("token") ?? ""
                var preview = try await members.preview(of: token, peer: context.remoteAddress?.ipAddress ?? "unknown")
                // The name the household's pages show (its journal's, else the server's).
                if let household = preview?.householdID {
                    preview?.householdName = try await pages.householdName(household, try await pages.folded(household))
                }
                let page = InvitationPage(acceptPath: "/invite/\(WebPaths.segment(token))", preview: preview, error: nil)
                return templates.page(page, "invitation")
            }
        }
        router.post("invite/:token") { request, context in
            try await guarded { try await acceptInvitation(context.parameters.get("token") ?? "", request, context) }
        }
        router.post("sign-out") { request, context in
            try await guarded { try await signOut(request, context) }
        }
        router.get("households/:id") { request, context in
            try await member(request, context) { session in
                WebTemplates.redirect("\(WebPaths.household(session.householdID))/stock")
            }
        }
        router.get("households/:id/stock") { request, context in
            try await member(request, context) { session in templates.page(try await pages.stock(session), "stock") }
        }
        router.get("households/:id/due") { request, context in
            try await member(request, context) { session in templates.page(try await pages.due(session), "due") }
        }
        router.get("households/:id/shopping") { request, context in
            try await member(request, context) { session in templates.page(try await pages.shopping(session), "shopping") }
        }
        router.get("households/:id/calendar") { request, context in
            try await member(request, context) { session in templates.page(try await pages.calendar(session), "calendar") }
        }
        router.get("households/:id/products/:productId") { request, context in
            try await member(request, context) { session in
                let product = try SyncRoutes<Context>.pathParameter("productId", of: context)
                return templates.page(try await pages.product(session, id: product), "product")
            }
        }
        addActions(to: router)
        addOverdrawActions(to: router)
        addHouseholdActions(to: router)
        addLotActions(to: router)
        addPurchaseActions(to: router)
    }

    // MARK: - Sessions

    /// The session the request's cookie names, if it is open.
    func session(_ request: Request, _ context: Context) async throws -> MemberSession? {
        try await members.session(
            cookie: request.cookies[Self.sessionCookie]?.value, peer: context.remoteAddress?.ipAddress ?? "unknown")
    }

    /// Runs `body` for the signed-in member of the path's household: without a session, a GET goes to the sign-in
    /// help and a POST is refused; another household's path is refused alike whether it exists or not.
    func member(
        _ request: Request, _ context: Context, _ body: (MemberSession) async throws -> Response
    ) async throws -> Response {
        try await guarded {
            guard let session = try await session(request, context) else {
                if request.method == .get { return WebTemplates.redirect("/sign-in") }
                return templates.message(
                    "Not signed in", "You are not signed in; open an invitation link to sign in.", status: .unauthorized)
            }
            guard context.parameters.get("id").flatMap(HouseholdID.init) == session.householdID else {
                return templates.message(
                    "Not your household", "This page belongs to a household you are not a member of.", status: .forbidden,
                    homePath: "\(WebPaths.household(session.householdID))/stock")
            }
            return try await body(session)
        }
    }

    /// Renders what went wrong as a page: the API's errors with their status and message, anything else as a
    /// `500` that names nothing internal (it is logged).
    func guarded(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as APIError {
            let title = error.status == .notFound ? "Not found" : "Something went wrong"
            return templates.message(title, error.message, status: error.status)
        } catch let error as WebCommandService.Refusal {
            // Only reached when a handler did not re-render its own page.
            return templates.message("Not done", error.message, status: error.status)
        } catch where DatabaseOutage(error) != nil {
            logger.warning("web page: database unavailable", metadata: ["error": "\(String(reflecting: error))"])
            return templates.message(
                "Try again in a moment", "The database is unavailable for a moment; try again shortly.",
                status: .serviceUnavailable)
        } catch {
            logger.error("web page failed", metadata: ["error": "\(String(reflecting: error))"])
            return templates.message(
                "Something went wrong", "The server could not show this page; try again in a moment.",
                status: .internalServerError)
        }
    }

    private func signInHelp(status: HTTPResponse.Status) -> Response {
        templates.message(
            "Sign in",
            "Members sign in with an invitation link. A household device can make one (pantry household invite), "
                + "or the server's operator (inventorykit-server member invite).",
            status: status, isError: false)
    }

    private func acceptInvitation(_ token: String, _ request: Request, _ context: Context) async throws -> Response {
        // Another site must not sign a visitor in to its own household (login CSRF).
        if Self.isCrossSite(request) { return crossSiteRefusal() }
        let outcome = try await members.signIn(with: token, peer: context.remoteAddress?.ipAddress ?? "unknown")
        switch outcome {
        case .failure(let refusal):
            let page = InvitationPage(
                acceptPath: "/invite/\(WebPaths.segment(token))", preview: nil, error: refusal.message)
            return templates.page(page, "invitation", status: refusal == .unknown ? .notFound : .gone)
        case .success(let (session, sessionToken)):
            var response = WebTemplates.redirect("\(WebPaths.household(session.householdID))/stock")
            response.setCookie(Cookie(
                name: Self.sessionCookie, value: sessionToken.rawValue,
                maxAge: Int(MemberService.seconds(members.lifetimes.session)), path: "/",
                secure: secureCookies || Self.isForwardedOverTLS(request), httpOnly: true, sameSite: .lax))
            return response
        }
    }

    private func signOut(_ request: Request, _ context: Context) async throws -> Response {
        if Self.isCrossSite(request) { return crossSiteRefusal() }
        let form: WebForm
        do throws(WebForm.Problem) { form = try await WebForm.read(request) } catch { return badForm(error) }
        let cookie = request.cookies[Self.sessionCookie]?.value
        guard try await session(request, context)?.acceptsCSRFToken(form["csrf"]) == true else { return csrfRefusal() }
        try await members.signOut(cookie: cookie)
        var response = WebTemplates.redirect("/signed-out")
        response.setCookie(Cookie(
            name: Self.sessionCookie, value: "", maxAge: 0, path: "/", secure: secureCookies || Self.isForwardedOverTLS(request),
            httpOnly: true, sameSite: .lax))
        return response
    }

    /// Whether a proxy says the browser reached it over TLS (`X-Forwarded-Proto: https`): the cookie is then
    /// `Secure`.
    static func isForwardedOverTLS(_ request: Request) -> Bool {
        guard let name = HTTPField.Name("X-Forwarded-Proto") else { return false }
        return request.headers[name]?.lowercased() == "https"
    }

    /// Whether the browser says a POST comes from another site: `Sec-Fetch-Site` is `cross-site` or `same-site`,
    /// or `Origin` names another host than the request's (or is `null`). Every POST of the web app is refused
    /// then, the invitation's included, which has no CSRF token yet to check.
    static func isCrossSite(_ request: Request) -> Bool {
        if let name = HTTPField.Name("Sec-Fetch-Site"), let site = request.headers[name]?.lowercased(),
            site == "cross-site" || site == "same-site"
        {
            return true
        }
        guard let origin = request.headers[.origin] else { return false }
        guard let host = URLComponents(string: origin)?.host else { return true }
        let port = URLComponents(string: origin)?.port.map { ":\($0)" } ?? ""
        return (host + port).lowercased() != request.head.authority?.lowercased()
    }

    func crossSiteRefusal() -> Response {
        templates.message(
            "Refused", "This form was sent from another site; nothing was done. Use the household's own pages.",
            status: .forbidden)
    }

    func csrfRefusal() -> Response {
        templates.message(
            "Form expired", "This form is no longer valid (its security token is missing or wrong). Reload the page and try again.",
            status: .forbidden)
    }

    func badForm(_ problem: WebForm.Problem) -> Response {
        switch problem {
        case .tooLarge:
            templates.message("Form too large", "The form sent more than \(WebForm.maxBodyBytes) bytes.", status: .contentTooLarge)
        case .malformed: templates.message("Form not readable", "The form's data could not be read.", status: .badRequest)
        }
    }
}
