import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryModule
import ProductModule

extension WebRoutes {
    /// Recording a purchase from the web:
    ///
    /// - `GET households/:id/purchase?q=TEXT`: the household's catalog products whose title holds the text or whose
    ///   barcode it is, each with a purchase form (a plain GET form: it works without script); for a barcode the
    ///   catalog never held, the product Open Food Facts has, said to come from there, or one sentence saying why
    ///   there is none;
    /// - `POST households/:id/purchases` (`product`, `amount`, `unit`, `location`, `due` as `YYYY-MM-DD`, optional,
    ///   `origin` = `open-food-facts` for a product found there) → `purchase`, then `303` to the product's page; a
    ///   refusal re-renders the search with the kit's message.
    ///
    /// A product found on Open Food Facts becomes the household's in the purchase's own push: its record as a
    /// product change (``PendingChange/foundProduct(_:by:submission:now:)``), then the purchase's journal entries,
    /// one transaction — so devices pull the product with its title, and a failed lookup or a refused purchase
    /// writes nothing. (Decided against a purchase that only names the barcode: devices would hold stock of a
    /// product they have no record of, shown by its digits.)
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
                var alongside: (@Sendable () async throws -> [PendingChange])?
                if !known, form["origin"] == "open-food-facts", let lookup = pages.lookup, let barcode = GTIN(rawValue: raw) {
                    let answer = await lookup.lookUp(barcode)
                    guard case .found(let product) = answer else {
                        return try await back(
                            answer.sentence ?? "", answer == .notFound ? .unprocessableContent : .serviceUnavailable)
                    }
                    alongside = foundProductChanges(product, session: session, submission: submission)
                }
                guard let product = ProductReference(rawValue: raw), known || alongside != nil else {
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
                do {
                    _ = try await commands.perform(
                        for: session, submission: submission, knownProducts: [product], alongside: alongside
                    ) { state throws(WebCommandService.Refusal) in
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
                } catch let refusal as WebCommandService.Refusal {
                    return try await back(refusal.message, refusal.status)
                }
                return WebTemplates.redirect(
                    "\(WebPaths.household(session.householdID))/products/\(WebPaths.segment(raw))")
            }
        }
    }

    /// The changes a purchase of `product`, found on Open Food Facts, pushes before its own entries, read again at
    /// each decision: the product's record while the household never held the id, nothing once a device added it,
    /// a refusal once the household deleted it.
    private func foundProductChanges(
        _ product: ProductModule.Product, session: MemberSession, submission: UUID
    ) -> @Sendable () async throws -> [PendingChange] {
        let (members, store, now) = (members, pages.store, commands.now)
        return {
            let id = product.productID.rawValue
            switch try await members.service.mapStoreErrors({ try await store.catalogPresence(of: session.householdID, id: id) }) {
            case .live: return []
            case .removed: throw WebCommandService.Refusal.rules(WebPageBuilder.removedSentence)
            case .absent: return [PendingChange.foundProduct(product, by: session, submission: submission, now: now())]
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
