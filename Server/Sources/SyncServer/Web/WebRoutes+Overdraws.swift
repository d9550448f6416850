import Foundation
import HTTPTypes
import Hummingbird
import InventoryModule
import InventorySync

extension WebRoutes {
    /// The settle forms of the stock page's over-draw banners, each one journal entry devices pull:
    ///
    /// - `POST households/:id/overdraws/:entryId/count` (`amount`): the count of the product in the whole household,
    ///   booked as the kit's correction that names the over-draw (`CorrectionRequest.settlingOverdraws`);
    /// - `POST households/:id/overdraws/:entryId/dismiss`: `InventoryCommand.dismissOverdraw`, the stock as booked.
    ///
    /// Like every action they check the CSRF token and the submission id (a double submit books once), redirect to
    /// the stock page (`303`), and on a refusal re-render it with the kit's message (`422`) and write nothing.
    func addOverdrawActions(to router: Router<Context>) {
        router.post("households/:id/overdraws/:entryId/count") { request, context in
            try await action(request, context) { session, form, submission in
                let back = stockPage(session)
                guard let entryID = Self.overdrawID(context) else {
                    return try await back(Self.unknownOverdraw.message, .unprocessableContent)
                }
                let amountText = form["amount"] ?? ""
                guard let amount = WebForm.amount(amountText) else {
                    return try await back(Self.notAnAmount(amountText), .unprocessableContent)
                }
                return try await perform(session, submission, back: back) { state throws(WebCommandService.Refusal) in
                    // Settled over-draws too: the kit answers a repeated submission with no entries (it booked
                    // already) and another with its own refusal.
                    guard let overdraw = state.overdraw(entry: entryID) else { throw Self.unknownOverdraw }
                    return .correct(CorrectionRequest(
                        productID: overdraw.productID, amount: amount, unit: overdraw.unit,
                        locationID: Self.countLocation(of: overdraw, in: state), settlingOverdraws: [entryID]))
                } ?? WebTemplates.redirect("\(WebPaths.household(session.householdID))/stock")
            }
        }
        router.post("households/:id/overdraws/:entryId/dismiss") { request, context in
            try await action(request, context) { session, _, submission in
                let back = stockPage(session)
                guard let entryID = Self.overdrawID(context) else {
                    return try await back(Self.unknownOverdraw.message, .unprocessableContent)
                }
                return try await perform(session, submission, back: back) { _ in .dismissOverdraw(entryID) }
                    ?? WebTemplates.redirect("\(WebPaths.household(session.householdID))/stock")
            }
        }
    }

    /// The stock page with a refusal's message, as a settle form's `back`.
    private func stockPage(_ session: MemberSession) -> @Sendable (String, HTTPResponse.Status) async throws -> Response {
        { [pages, templates] message, status in
            templates.page(try await pages.stock(session, error: message), "stock", status: status)
        }
    }

    /// The path's over-draw: the short consumption's entry id.
    private static func overdrawID(_ context: Context) -> UUID? {
        context.parameters.get("entryId").flatMap(UUID.init(uuidString:))
    }

    static var unknownOverdraw: WebCommandService.Refusal { .rules("This over-draw does not exist.") }

    /// Where a count that adds stock books it: `nil` (the product's default location, the kit's rule) when the
    /// product has one or its lots lie at several locations; else the location of its lots, or, with none left,
    /// the location its last consumption took from. A count that takes stock away counts the whole household
    /// either way: with at most one location holding the product, that location holds all of it.
    static func countLocation(of overdraw: Overdraw, in state: InventoryState) -> LocationID? {
        if state.productSettings[overdraw.productID]?.defaultLocation != nil { return nil }
        let placed = Set(state.lots.values.filter { $0.productID == overdraw.productID }.map(\.locationID))
        if placed.count > 1 { return nil }
        if let only = placed.first { return only }
        return state.consumptionHistory.last { $0.productID == overdraw.productID }?.locationID
    }
}
