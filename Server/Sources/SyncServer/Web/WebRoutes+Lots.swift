import Foundation
import HTTPTypes
import Hummingbird
import InventoryModule

extension WebRoutes {
    /// The product page's forms that move, count and set up, each one `InventoryCommand`:
    ///
    /// - `POST households/:id/lots/:lotId/move` (`amount`, `to`) → `transfer` of the lot to another location;
    /// - `POST households/:id/lots/:lotId/correct` (`amount`) → `correct`: the product's amount at the lot's
    ///   location, counted;
    /// - `POST households/:id/products/:productId/settings` (`minimum`, `location`, `unit`, `days`) →
    ///   `setProductSettings`, keeping the settings the form does not show.
    ///
    /// Like every action they check the CSRF token and the submission id, redirect to the product page (`303`), and
    /// on a refusal re-render it with the kit's message (`422`) and write nothing.
    func addLotActions(to router: Router<Context>) {
        router.post("households/:id/lots/:lotId/move") { request, context in
            try await lotForm(request, context) { lot, amount, form, state throws(WebCommandService.Refusal) in
                guard let raw = form.text("to"), let destination = LocationID(rawValue: raw),
                    state.locations[destination] != nil
                else { throw .rules("Choose a location to move it to.") }
                return .transfer(TransferRequest(
                    productID: lot.productID, amount: amount, unit: lot.unit, scope: .lot(lot.id), destination: destination))
            }
        }
        router.post("households/:id/lots/:lotId/correct") { request, context in
            try await lotForm(request, context) { lot, amount, _, _ in
                .correct(CorrectionRequest(productID: lot.productID, amount: amount, unit: lot.unit, locationID: lot.locationID))
            }
        }
        router.post("households/:id/products/:productId/settings") { request, context in
            try await action(request, context) { session, form, submission in
                let raw = try SyncRoutes<Context>.pathParameter("productId", of: context)
                let back = { (message: String, status: HTTPResponse.Status) in
                    templates.page(try await pages.product(session, id: raw, error: message), "product", status: status)
                }
                guard let product = ProductReference(rawValue: raw) else {
                    return try await back("This product does not exist.", .unprocessableContent)
                }
                let minimumText = form["minimum"] ?? ""
                guard let minimum = WebForm.amount(minimumText) else {
                    return try await back(Self.notAnAmount(minimumText), .unprocessableContent)
                }
                let daysText = form.text("days")
                let days = daysText.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                if let daysText, days == nil {
                    return try await back(
                        "“\(WebText.isolated(daysText))” is not a number of days; write a whole number such as 7.",
                        .unprocessableContent)
                }
                let location = form.text("location")
                let unit = form.text("unit")
                // A product of the catalog never stocked yet has settings too: set before its first purchase.
                let catalogued = try await members.service.mapStoreErrors {
                    try await pages.store.hasLiveProduct(of: session.householdID, id: raw)
                }
                let made = try await perform(
                    session, submission, knownProducts: catalogued ? [product] : [], back: back
                ) { state throws(WebCommandService.Refusal) in
                    var settings = state.productSettings[product] ?? ProductStockSettings(productID: product)
                    settings.minimumStock = minimum
                    settings.defaultLocation = try location.map { text throws(WebCommandService.Refusal) in
                        guard let id = LocationID(rawValue: text), state.locations[id] != nil else {
                            throw .rules("This location no longer exists.")
                        }
                        return id
                    }
                    settings.stockUnit = try unit.map { text throws(WebCommandService.Refusal) in try Self.unit(named: text, in: state) }
                    settings.defaultDueDays = days.map(DueDatePolicy.days)
                    return .setProductSettings(settings)
                }
                return made ?? WebTemplates.redirect(
                    "\(WebPaths.household(session.householdID))/products/\(WebPaths.segment(raw))")
            }
        }
    }

    /// A lot's form with an amount: the lot comes from the folded state, the amount and the rest from the form.
    private func lotForm(
        _ request: Request, _ context: Context,
        _ command: @escaping @Sendable (StockLot, Decimal, WebForm, InventoryState) throws(WebCommandService.Refusal) -> InventoryCommand
    ) async throws -> Response {
        try await action(request, context) { session, form, submission in
            let raw = try SyncRoutes<Context>.pathParameter("lotId", of: context)
            let view = try await pages.folded(session.householdID)
            let lot = LotID(rawValue: raw).flatMap { view.state.lot($0) }
            let back = { (message: String, status: HTTPResponse.Status) in
                guard let lot else { return templates.page(try await pages.stock(session, error: message), "stock", status: status) }
                let page = try await pages.product(session, id: lot.productID.rawValue, error: message)
                return templates.page(page, "product", status: status)
            }
            guard let lot else { return try await back("This lot is no longer in stock.", .unprocessableContent) }
            let amountText = form["amount"] ?? ""
            guard let amount = WebForm.amount(amountText) else {
                return try await back(Self.notAnAmount(amountText), .unprocessableContent)
            }
            let id = lot.id
            let made = try await perform(session, submission, back: back) { state throws(WebCommandService.Refusal) in
                guard let current = state.lot(id) else { throw .rules("This lot is no longer in stock.") }
                return try command(current, amount, form, state)
            }
            return made ?? WebTemplates.redirect(
                "\(WebPaths.household(session.householdID))/products/\(WebPaths.segment(lot.productID.rawValue))")
        }
    }
}
