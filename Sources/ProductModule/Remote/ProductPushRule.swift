import Foundation
import InventorySync

/// The rule every product remote applies to one pushed change: the in-memory remote of `ProductModuleTesting`,
/// ``StorageProductRemote`` and the sync server all decide with it, so a change meets the same judgement
/// wherever it lands.
///
/// A change applies when the product is new to the remote, when the remote state's stamp is the change's
/// `baseStamp`, or when the remote state was written by one of the request's `supersededOperationIDs` (an earlier
/// write of the same replica that this one replaced before it was acknowledged). Any other remote state is a
/// conflict the pushing replica resolves with its `ConflictPolicy`. A tombstone is a remote state like any
/// other, so a change built on a state older than a deletion conflicts with the tombstone instead of resurrecting
/// the product.
///
/// ```swift
/// switch ProductPushRule.decide(request, current: stored?.record, currentOperationID: stored?.lastOperationID) {
/// case .apply: store(request.change)
/// case .conflict(let current): answer(.conflict(current: current))
/// case .reject(let reason): answer(.rejected(reason: reason))
/// }
/// ```
public enum ProductPushRule {
    /// What a remote does with one pushed change.
    public enum Decision: Hashable, Sendable {
        /// Store the change as the product's new remote state.
        case apply
        /// Do not store it: the remote state is not the change's base. Answer with the current state.
        case conflict(current: RemoteProductRecord)
        /// Do not store it, ever: the change is invalid (the product fails validation or names another id).
        case reject(reason: String)
    }

    /// Judges a change against the remote's current state of its product.
    ///
    /// Idempotency is the caller's: an operation id the remote applied before must be answered as applied before
    /// this rule is asked.
    ///
    /// - Parameters:
    ///   - request: the pushed change with its operation id and superseded operation ids.
    ///   - current: the remote state of the product (or its tombstone), or `nil` when the remote never held it.
    ///   - currentOperationID: the operation that wrote `current`, when the remote knows it.
    public static func decide(
        _ request: ProductPushRequest, current: RemoteProductRecord?, currentOperationID: UUID?
    ) -> Decision {
        let change = request.change
        if let product = change.product {
            guard product.productID == change.productID else {
                return .reject(reason: "the product's id \(product.productID) differs from \(change.productID)")
            }
            do {
                try product.validate()
            } catch {
                return .reject(reason: error.description)
            }
        }
        if let migratedTo = change.migratedTo, migratedTo == change.productID {
            return .reject(reason: "product \(change.productID) cannot migrate to itself")
        }
        guard let current else { return .apply }
        let builtOnCurrent = current.stamp == change.baseStamp
            || currentOperationID.map(request.supersededOperationIDs.contains) == true
        return builtOnCurrent ? .apply : .conflict(current: current)
    }
}
