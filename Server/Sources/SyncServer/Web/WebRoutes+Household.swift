import Foundation
import HTTPTypes
import Hummingbird
import InventoryModule

extension WebRoutes {
    /// The pages and actions that run the household, each one `InventoryCommand` as a device would book it:
    ///
    /// - `GET households/:id/history`; `POST …/history/:transactionId/undo` → `undo`;
    /// - `GET households/:id/setup`; `POST …/locations` (`name`, `freezer`) → `defineLocation`;
    ///   `POST …/locations/:locationId/rename` (`name`) → `defineLocation` of the same id;
    ///   `POST …/locations/:locationId/remove` → `removeLocation`; `POST …/units` (`name`, `plural`) → `defineUnit`;
///   `POST …/conversions` (`from`, `factor`, `to`) → `defineConversion`.
    ///
    /// Like every action they check the CSRF token and the submission id (a double submit books once), redirect to
    /// their page (`303`), and on a refusal re-render it with the kit's message (`422`) and write nothing.
    func addHouseholdActions(to router: Router<Context>) {
        addConversionAction(to: router)
        router.get("households/:id/history") { request, context in
            try await member(request, context) { session in templates.page(try await pages.history(session), "history") }
        }
        router.get("households/:id/setup") { request, context in
            try await member(request, context) { session in templates.page(try await pages.setup(session), "setup") }
        }
        router.post("households/:id/history/:transactionId/undo") { request, context in
            try await action(request, context) { session, _, submission in
                let back = { (message: String, status: HTTPResponse.Status) in
                    templates.page(try await pages.history(session, error: message), "history", status: status)
                }
                guard let raw = context.parameters.get("transactionId"), let id = UUID(uuidString: raw) else {
                    return try await back("This booking does not exist.", .unprocessableContent)
                }
                return try await perform(session, submission, back: back) { _ in .undo(TransactionID(rawValue: id)) }
                    ?? WebTemplates.redirect("\(WebPaths.household(session.householdID))/history")
            }
        }
        router.post("households/:id/locations") { request, context in
            try await action(request, context) { session, form, submission in
                let name = form["name"] ?? ""
                let freezer = form.text("freezer") != nil
                return try await perform(session, submission, back: setupPage(session, locationName: name)) { _ in
                    .defineLocation(LocationDefinition(name: name, isFreezer: freezer))
                } ?? setupRedirect(session)
            }
        }
        router.post("households/:id/locations/:locationId/rename") { request, context in
            try await action(request, context) { session, form, submission in
                let name = form["name"] ?? ""
                let raw = context.parameters.get("locationId") ?? ""
                return try await perform(session, submission, back: setupPage(session)) { state throws(WebCommandService.Refusal) in
                    guard let id = LocationID(rawValue: raw), let location = state.locations[id] else {
                        throw .rules("This location no longer exists.")
                    }
                    return .defineLocation(LocationDefinition(
                        id: id, name: name, parentID: location.parentID, isFreezer: location.isFreezer))
                } ?? setupRedirect(session)
            }
        }
        router.post("households/:id/locations/:locationId/remove") { request, context in
            try await action(request, context) { session, _, submission in
                let raw = context.parameters.get("locationId") ?? ""
                return try await perform(session, submission, back: setupPage(session)) { state throws(WebCommandService.Refusal) in
                    guard let id = LocationID(rawValue: raw), let location = state.locations[id] else {
                        throw .rules("This location no longer exists.")
                    }
                    if state.lots.values.contains(where: { $0.locationID == id }) {
                        throw .rules("“\(WebText.isolated(location.name))” still holds stock; move or use it first.")
                    }
                    return .removeLocation(id)
                } ?? setupRedirect(session)
            }
        }
        router.post("households/:id/units") { request, context in
            try await action(request, context) { session, form, submission in
                let name = form["name"] ?? ""
                let plural = form.text("plural")
                let back = setupPage(session, unitName: name, unitPlural: plural ?? "")
                return try await perform(session, submission, back: back) { _ in
                    .defineUnit(UnitDefinition(name: name, pluralName: plural))
                } ?? setupRedirect(session)
            }
        }
    }

    /// `POST households/:id/conversions` (`from`, `factor`, `to`) → `defineConversion`: 1 `from` is `factor` `to`.
    func addConversionAction(to router: Router<Context>) {
        router.post("households/:id/conversions") { request, context in
            try await action(request, context) { session, form, submission in
                let factorText = form["factor"] ?? ""
                guard let factor = WebForm.amount(factorText) else {
                    return try await setupPage(session)(Self.notAnAmount(factorText), .unprocessableContent)
                }
                let from = form["from"] ?? ""
                let to = form["to"] ?? ""
                return try await perform(session, submission, back: setupPage(session)) { state throws(WebCommandService.Refusal) in
                    .defineConversion(UnitConversion(
                        from: try Self.unit(named: from, in: state), to: try Self.unit(named: to, in: state), factor: factor))
                } ?? setupRedirect(session)
            }
        }
    }

    /// The setup page with a refusal's message and what was typed, as an action's `back`.
    private func setupPage(
        _ session: MemberSession, locationName: String = "", unitName: String = "", unitPlural: String = ""
    ) -> @Sendable (String, HTTPResponse.Status) async throws -> Response {
        { [pages, templates] message, status in
            let page = try await pages.setup(
                session, error: message, locationName: locationName, unitName: unitName, unitPlural: unitPlural)
            return templates.page(page, "setup", status: status)
        }
    }

    private func setupRedirect(_ session: MemberSession) -> Response {
        WebTemplates.redirect("\(WebPaths.household(session.householdID))/setup")
    }
}
