import Foundation

/// What a command needs from outside the journal before it is decided: product references resolved through the
/// app's ``ProductReferenceResolver`` (migrated ids followed, existence known).
struct InventoryCommandPreparation: Sendable {
    /// The app's product catalog, as the inventory sees it.
    let products: any ProductReferenceResolver

    /// The command with its product reference following product id migrations: a purchase books under the
    /// canonical id; a booking against stock finds the lots held under any id that resolves to the same product
    /// (lots bought before the product got its barcode keep their old id).
    func canonicalized(_ command: InventoryCommand, in state: InventoryState) async throws -> InventoryCommand {
        switch command {
        case .purchase(var request):
            request.productID = try await canonical(request.productID)
            return .purchase(request)
        case .consume(var request):
            request.productID = try await stockHolder(for: request.productID, in: state)
            return .consume(request)
        case .open(var request):
            request.productID = try await stockHolder(for: request.productID, in: state)
            return .open(request)
        case .transfer(var request):
            request.productID = try await stockHolder(for: request.productID, in: state)
            return .transfer(request)
        case .correct(var request):
            request.productID = try await stockHolder(for: request.productID, in: state)
            return .correct(request)
        case .defineConversion(var conversion):
            guard let product = conversion.productID else { return command }
            conversion.productID = try await stockHolder(for: product, in: state)
            return .defineConversion(conversion)
        default:
            return command
        }
    }

    /// The products the command names that the resolver knows.
    func knownProducts(in command: InventoryCommand) async throws -> Set<ProductReference> {
        let references: [ProductReference]
        switch command {
        case .purchase(let request): references = [request.productID]
        case .consume(let request): references = [request.productID]
        case .open(let request): references = [request.productID]
        case .transfer(let request): references = [request.productID]
        case .correct(let request): references = [request.productID]
        case .setProductSettings(let settings): references = [settings.productID]
        case .defineConversion(let conversion): references = conversion.productID.map { [$0] } ?? []
        case .addShoppingListItem(let request): references = request.productID.map { [$0] } ?? []
        default: references = []
        }
        var known: Set<ProductReference> = []
        for reference in references {
            if case .exists = try await products.resolve(reference) { known.insert(reference) }
        }
        return known
    }

    /// The product id under which the state holds stock of the same product as `reference`.
    private func stockHolder(for reference: ProductReference, in state: InventoryState) async throws -> ProductReference {
        let holders = state.lotTable.products
        if holders.contains(reference) { return reference }
        let target = try await canonical(reference)
        if holders.contains(target) { return target }
        for holder in holders.sorted() where try await canonical(holder) == target { return holder }
        return reference
    }

    private func canonical(_ reference: ProductReference) async throws -> ProductReference {
        if case .exists(let canonical) = try await products.resolve(reference) { return canonical }
        return reference
    }
}
