import Foundation
import HTTPTypes
import Hummingbird
import InventoryModule

extension WebRoutes {
    /// Recording a purchase from the web:
    ///
    /// - `GET households/:id/purchase?q=TEXT`: the household's catalog products whose title holds the text or whose
    ///   barcode it is, each with a purchase form (a plain GET form: it works without script);
    /// - `POST households/:id/purchases` (`product`, `amount`, `unit`, `location`, `due` as `YYYY-MM-DD`, optional)
    ///   → `purchase`, then `303` to the product's page; a refusal re-renders the search with the kit's message.
    func addPurchaseActions(to router: Router<Context>) {
        router.get("households/:id/purchase") { request, context in
            try await member(request, context) { session in
                let query = String((request.uri.queryParameters.get("q") ?? "").prefix(256))
                return templates.page(try await pages.purchase(session, query: query), "purchase")
            }
        }
        router.post("households/:id/purchases") { request, context in
            try await action(request, context) { session, form, submission in
                let raw = form["product"] ?? ""
                let back = { (message: String, status: HTTPResponse.Status) in
                    templates.page(try await pages.purchase(session, query: raw, error: message), "purchase", status: status)
                }
                let known = try await members.service.mapStoreErrors {
                    try await pages.store.hasLiveProduct(of: session.householdID, id: raw)
                }
                guard let product = ProductReference(rawValue: raw), known else {
                    return try await back("This product is not in the household's catalog.", .unprocessableContent)
                }
                let amountText = form["amount"] ?? ""
                guard let amount = WebForm.amount(amountText) else {
                    return try await back(Self.notAnAmount(amountText), .unprocessableContent)
                }
                let dueText = form.text("due")
                let due = dueText.flatMap(Self.day)
                if let dueText, due == nil {
                    return try await back(
                        "“\(WebText.isolated(dueText))” is not a date; pick one or write it as 2026-12-24.", .unprocessableContent)
                }
                let unitText = form.text("unit")
                let locationText = form.text("location")
                let made = try await perform(session, submission, knownProducts: [product], back: back) {
                    state throws(WebCommandService.Refusal) in
                    let unit = try unitText.map { text throws(WebCommandService.Refusal) in try Self.unit(named: text, in: state) }
                    let location = try locationText.map { text throws(WebCommandService.Refusal) in
                        guard let id = LocationID(rawValue: text), state.locations[id] != nil else {
                            throw .rules("This location no longer exists.")
                        }
                        return id
                    }
                    return .purchase(PurchaseRequest(
                        productID: product, amount: amount, unit: unit, locationID: location,
                        dueDate: due.map(DueDateSpecification.on) ?? .productDefault))
                }
                return made ?? WebTemplates.redirect(
                    "\(WebPaths.household(session.householdID))/products/\(WebPaths.segment(raw))")
            }
        }
    }

    /// A calendar day written `YYYY-MM-DD` (as a date input sends it), or `nil`.
    static func day(_ text: String) -> CalendarDay? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return try? CalendarDay(year: year, month: month, day: day)
    }
}
