import Foundation
import HTTPTypes
import Hummingbird
import InventoryModule

extension WebRoutes {
    /// The POST actions of a household's pages. Each reads its form (bounded), checks the session's CSRF token
    /// and the form's submission id, performs one command and redirects to the page it came from (`303`); a
    /// refusal re-renders that page with the message and writes nothing.
    func addActions(to router: Router<Context>) {
        router.post("households/:id/shopping") { request, context in
            try await action(request, context) { session, form, submission in
                let note = form["note"] ?? ""
                let amountText = form.text("amount")
                let unitText = form.text("unit")
                let back = { (message: String, status: HTTPResponse.Status) in
                    let page = try await pages.shopping(
                        session, error: message, note: note, amount: amountText ?? "", unit: unitText ?? "")
                    return templates.page(page, "shopping", status: status)
                }
                var amount: Decimal?
                if let amountText {
                    guard let value = WebForm.amount(amountText) else {
                        return try await back(Self.notAnAmount(amountText), .unprocessableContent)
                    }
                    amount = value
                }
                let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
                let amountValue = amount
                return try await perform(session, submission, back: back) { state throws(WebCommandService.Refusal) in
                    let unit = try unitText.map { text throws(WebCommandService.Refusal) in try Self.unit(named: text, in: state) }
                    return .addShoppingListItem(ShoppingListRequest(note: trimmed, amount: amountValue, unit: unit))
                } ?? WebTemplates.redirect("\(WebPaths.household(session.householdID))/shopping")
            }
        }
        router.post("households/:id/shopping/:itemId/remove") { request, context in
            try await action(request, context) { session, _, submission in
                let raw = try SyncRoutes<Context>.pathParameter("itemId", of: context)
                let back = { (message: String, status: HTTPResponse.Status) in
                    templates.page(try await pages.shopping(session, error: message), "shopping", status: status)
                }
                guard let item = ShoppingListItemID(rawValue: raw) else {
                    return try await back("This shopping list item does not exist.", .unprocessableContent)
                }
                return try await perform(session, submission, back: back) { _ in .removeShoppingListItem(item) }
                    ?? WebTemplates.redirect("\(WebPaths.household(session.householdID))/shopping")
            }
        }
        router.post("households/:id/lots/:lotId/consume") { request, context in
            try await lotAction(request, context) { lot, amount in
                .consume(ConsumeRequest(productID: lot.productID, amount: amount, unit: lot.unit, scope: .lot(lot.id)))
            }
        }
        router.post("households/:id/lots/:lotId/open") { request, context in
            try await lotAction(request, context) { lot, amount in
                .open(OpenRequest(productID: lot.productID, amount: amount, unit: lot.unit, scope: .lot(lot.id)))
            }
        }
        router.post("households/:id/calendar/feeds") { request, context in
            try await action(request, context) { session, _, _ in
                let (_, token) = try await members.service.mapStoreErrors {
                    try await pages.store.addFeed(to: session.householdID, label: "Web: \(session.name)")
                }
                let link = Self.origin(of: request) + "/v1/households/\(session.householdID)/calendar.ics?feed=\(token.rawValue)"
                return templates.page(try await pages.calendar(session, newLink: link), "calendar", status: .created)
            }
        }
    }

    /// Consume or open a lot: the lot's product and unit come from the folded state; the amount from the form.
    private func lotAction(
        _ request: Request, _ context: Context, _ command: @escaping @Sendable (StockLot, Decimal) -> InventoryCommand
    ) async throws -> Response {
        try await action(request, context) { session, form, submission in
            let raw = try SyncRoutes<Context>.pathParameter("lotId", of: context)
            let view = try await pages.folded(session.householdID)
            let lot = LotID(rawValue: raw).flatMap { view.state.lots[$0] }
            let back = { (message: String, status: HTTPResponse.Status) in
                guard let lot else { return templates.page(try await pages.stock(session, error: message), "stock", status: status) }
                let page = try await pages.product(session, id: lot.productID.rawValue, error: message)
                return templates.page(page, "product", status: status)
            }
            guard let lot, let id = LotID(rawValue: raw) else {
                return try await back("This lot is no longer in stock.", .unprocessableContent)
            }
            let amountText = form["amount"] ?? ""
            guard let amount = WebForm.amount(amountText) else {
                return try await back(Self.notAnAmount(amountText), .unprocessableContent)
            }
            let made = try await perform(session, submission, back: back) { state throws(WebCommandService.Refusal) in
                guard let current = state.lots[id] else { throw .rules("This lot is no longer in stock.") }
                return command(current, amount)
            }
            return made ?? WebTemplates.redirect(
                "\(WebPaths.household(session.householdID))/products/\(WebPaths.segment(lot.productID.rawValue))")
        }
    }

    /// Runs an action for the path's signed-in member once the form is read and its CSRF token and submission
    /// id are checked.
    func action(
        _ request: Request, _ context: Context,
        _ body: @escaping (MemberSession, WebForm, UUID) async throws -> Response
    ) async throws -> Response {
        try await member(request, context) { session in
            if Self.isCrossSite(request) { return crossSiteRefusal() }
            let form: WebForm
            do throws(WebForm.Problem) { form = try await WebForm.read(request) } catch { return badForm(error) }
            guard session.acceptsCSRFToken(form["csrf"]) else { return csrfRefusal() }
            guard let submission = form.submission else {
                return templates.message(
                    "Form not readable", "The form has no valid submission id; reload the page and try again.",
                    status: .badRequest)
            }
            return try await body(session, form, submission)
        }
    }

    /// Performs the command; `nil` when it booked (or had booked), else the page `back` renders with the refusal.
    func perform(
        _ session: MemberSession, _ submission: UUID, knownProducts: Set<ProductReference> = [],
        back: (String, HTTPResponse.Status) async throws -> Response,
        _ make: @Sendable (InventoryState) throws(WebCommandService.Refusal) -> InventoryCommand
    ) async throws -> Response? {
        do {
            _ = try await commands.perform(for: session, submission: submission, knownProducts: knownProducts, make)
            return nil
        } catch let refusal as WebCommandService.Refusal {
            return try await back(refusal.message, refusal.status)
        }
    }

    /// The household's unit a person typed: by its name or plural name as the kit derives unit ids (case and
    /// spacing do not matter), or by its id.
    /// - Throws: ``WebCommandService/Refusal/rules(_:)`` naming the household's units when none matches.
    static func unit(named text: String, in state: InventoryState) throws(WebCommandService.Refusal) -> UnitID {
        let derived = UnitID.derived(name: text)
        if state.units[derived] != nil { return derived }
        if let plural = state.units.values.first(where: { $0.pluralName.map(UnitID.derived(name:)) == derived }) {
            return plural.id
        }
        if let id = UnitID(rawValue: text), state.units[id] != nil { return id }
        let known = state.units.values.map(\.name).sorted().map(WebText.isolated).joined(separator: ", ")
        throw .rules(
            known.isEmpty
                ? "The household has no units yet; leave the unit empty."
                : "The household has no unit “\(WebText.isolated(text))”; its units are: \(known).")
    }

    static func notAnAmount(_ text: String) -> String {
        "“\(WebText.isolated(text))” is not an amount; write a number such as 2, 0.5 or 1,25."
    }

    /// `scheme://host` the browser used, from `Host` (and `X-Forwarded-Proto`), for links shown on a page.
    static func origin(of request: Request) -> String {
        let scheme = isForwardedOverTLS(request) ? "https" : "http"
        let host = request.head.authority ?? "localhost"
        return "\(scheme)://\(host)"
    }
}
