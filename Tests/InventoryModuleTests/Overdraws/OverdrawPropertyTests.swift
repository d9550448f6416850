import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// Several devices consume offline from shared stock, then sync through one remote; some dismiss over-draws. On
/// every replica the open over-draws are the same, and the sum of their missing amounts is what the journal's
/// consumptions asked beyond the stock, replayed in the total order, less the dismissed ones.
@Suite("Over-draw property")
struct OverdrawPropertyTests {
    typealias S = ServiceFixtures

    @Test("200 seeds: open over-draws sum to what was asked beyond stock on every replica", arguments: 0..<200)
    func openOverdrawsSumToTheShortfall(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 7_919 &+ 13)
        let remote = InMemoryInventoryRemote()
        let devices = try await S.household(of: seed, remote: remote, prefix: "o", skew: 2.3)
        for product in S.products {
            _ = try await devices[0].purchase(product, ["1", "2", "3.5"][seed % 3], at: S.pantry)
        }
        try await S.healAndSync(devices, remote: remote)
        let amounts = ["0.5", "1", "1.5", "2"]

        for _ in 0..<3 {
            for device in devices { await device.connectivity.set(online: false) }
            for _ in 0..<12 {
                let device = devices[Int.random(in: 0..<devices.count, using: &random)]
                let product = S.products[Int.random(in: 0..<S.products.count, using: &random)]
                let amount = S.dec(amounts[Int.random(in: 0..<amounts.count, using: &random)])
                let command: InventoryCommand =
                    Int.random(in: 0..<5, using: &random) == 0
                    ? .purchase(PurchaseRequest(productID: product, amount: amount, unit: S.piece, locationID: S.fridge))
                    : .consume(ConsumeRequest(
                        productID: product, amount: amount, unit: S.piece, spoiled: Bool.random(using: &random)))
                do {
                    try await device.service.perform(command, in: S.home)
                } catch is InventoryError {
                    // More than the device sees in stock: refused, nothing written.
                }
                device.clock.advance(by: Double(Int.random(in: 1...90, using: &random)))
            }
            try await S.healAndSync(devices, remote: remote)
            let settler = devices[Int.random(in: 0..<devices.count, using: &random)]
            if let open = try await settler.service.state(of: S.home).openOverdraws.first, Bool.random(using: &random) {
                try await settler.service.perform(.dismissOverdraw(open.entryID), in: S.home)
            }
        }
        try await S.healAndSync(devices, remote: remote)

        let journal = try await devices[0].service.store.entries(of: S.home)
        let expected = Self.askedBeyondStock(journal)
        let reference = try await devices[0].service.state(of: S.home)
        for device in devices {
            let state = try await device.service.state(of: S.home)
            #expect(state.openOverdraws == reference.openOverdraws, "replica \(device.replica) diverged")
            let open = state.openOverdraws.reduce(Decimal(0)) { $0 + $1.missing }
            #expect(open == expected.total, "seed \(seed), replica \(device.replica): open \(open), expected \(expected.total)")
            #expect(Dictionary(uniqueKeysWithValues: state.openOverdraws.map { ($0.entryID, $0.missing) }) == expected.byEntry)
            for overdraw in state.openOverdraws {
                #expect(overdraw.taken >= 0 && overdraw.taken < overdraw.asked)
                #expect(!overdraw.takers.contains { $0.transactionID == overdraw.transactionID })
            }
        }
    }

    /// Replays the journal in its total order on one number per product (every consumption here takes from the
    /// whole household, in pieces): each consumption takes what is there; what it asked beyond that is missing,
    /// unless a dismissal settled it.
    static func askedBeyondStock(_ journal: [InventoryJournalEntry]) -> (total: Decimal, byEntry: [UUID: Decimal]) {
        var stock: [ProductReference: Decimal] = [:]
        var missing: [UUID: Decimal] = [:]
        var dismissed: Set<UUID> = []
        for entry in InventoryJournalEntry.ordered(journal) {
            switch entry.operation {
            case .purchase(let payload): stock[payload.productID, default: 0] += payload.amount
            case .consume(let payload):
                let taken = min(stock[payload.productID, default: 0], payload.amount)
                stock[payload.productID, default: 0] -= taken
                if taken < payload.amount { missing[entry.id] = payload.amount - taken }
            case .dismissOverdraw(let id): dismissed.insert(id)
            default: break
            }
        }
        let open = missing.filter { !dismissed.contains($0.key) }
        return (open.values.reduce(0, +), open)
    }
}
