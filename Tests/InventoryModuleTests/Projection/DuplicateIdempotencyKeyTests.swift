import Foundation
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

@Suite("Idempotency in the fold: a key booked on several replicas counts once, identically everywhere")
struct DuplicateIdempotencyKeyTests {
    /// The state after applying `entries` one by one in the given order on top of `base` (seen before them),
    /// re-projecting everything seen whenever ``InventoryState/apply(_:)`` asks for it, as a device does.
    static func incremental(
        _ entries: some Sequence<InventoryJournalEntry>, after base: Kitchen? = nil
    ) -> InventoryState {
        var seen = base?.journal ?? []
        var state = base?.state ?? InventoryState()
        for entry in entries {
            seen.append(entry)
            if state.apply(entry) == .requiresReprojection { state = InventoryProjector.project(seen) }
        }
        return state
    }

    /// The entry for the same command as `template` (one transaction, key and time) doing `operation`.
    static func sibling(
        of template: InventoryJournalEntry, id: UUID, operation: InventoryOperation
    ) -> InventoryJournalEntry {
        var entry = template
        entry.id = id
        entry.operation = operation
        return entry
    }

    @Test("a purchase of 2 booked with one key on two replicas stocks 2, whatever the arrival order")
    func purchaseOnTwoReplicas() throws {
        var a = try F.kitchen(replica: "a", seed: 1)
        var b = a.forked(replica: "b", seed: 2)
        let key = F.id(IdempotencyKey.self, "receipt-7")
        let purchase = InventoryCommand.purchase(PurchaseRequest(productID: F.milk, amount: 2))
        let fromA = try a.run(purchase, key: key)
        let fromB = try b.run(purchase, key: key)
        let original = try #require(fromA.first)
        let duplicate = try #require(fromB.first)
        #expect(original < duplicate)

        var laterArrives = a.state
        #expect(laterArrives.apply(duplicate) == .skippedDuplicate)
        var earlierArrives = b.state
        #expect(earlierArrives.apply(original) == .requiresReprojection)
        a.receive(fromB)
        b.receive(fromA)

        let full = InventoryProjector.project(a.journal)
        #expect(a.state == full)
        #expect(b.state == full)
        #expect(laterArrives == full)
        #expect(Self.incremental(a.journal) == full)
        #expect(Self.incremental(b.journal) == full)
        #expect(full.stock(of: F.milk).total == 2)
        #expect(full.stock(of: F.milk).lots.count == 1)
        #expect(
            full.anomalies == [
                .duplicateIdempotencyKey(entry: duplicate.id, key: key, original: original.transactionID)
            ])
        #expect(full.anomalies.map(\.entryID) == [duplicate.id])
        #expect(full.idempotencyResults[key] == original.transactionID)
        #expect(full.transactions[duplicate.transactionID] == nil)
        #expect(full.appliedEntryIDs.contains(duplicate.id))
        #expect(full.lastAppliedOrderKey == duplicate.orderKey)
        #expect(try b.decide(purchase, key: key).isEmpty)
    }

    @Test("every entry of a duplicated consume across two lots is skipped, so each lot is consumed once")
    func multiEntryConsume() throws {
        var a = try F.kitchen(replica: "a", seed: 1)
        let fridge = try a.buy(F.milk, 2)
        let pantry = try a.buy(F.milk, 2, at: F.pantry)
        var b = a.forked(replica: "b", seed: 2)
        b.now += 30
        let key = F.id(IdempotencyKey.self, "clear-out")

        /// One command taking 1 l from each lot: two entries of one transaction.
        func consumeFromBoth(on device: inout Kitchen) throws -> [InventoryJournalEntry] {
            let first = try #require(
                device.decide(.consume(ConsumeRequest(productID: F.milk, amount: 1, scope: .lot(fridge))), key: key)
                    .first)
            let second = Self.sibling(
                of: first, id: device.uuids.next(),
                operation: .consume(ConsumePayload(productID: F.milk, amount: 1, unit: F.litre, scope: .lot(pantry))))
            device.receive([first, second])
            device.now += 60
            return [first, second]
        }
        let fromA = try consumeFromBoth(on: &a)
        let fromB = try consumeFromBoth(on: &b)
        #expect(b.state.lots.isEmpty == false && b.total(F.milk) == 2)
        a.receive(fromB)
        b.receive(fromA)

        let full = InventoryProjector.project(a.journal)
        #expect(a.state == full && b.state == full)
        #expect(full.lots[fridge]?.quantity == 1 && full.lots[pantry]?.quantity == 1)
        #expect(full.consumptionHistory.map(\.transactionID) == fromA.map(\.transactionID))
        let original = try #require(fromA.first?.transactionID)
        #expect(
            full.anomalies == fromB.map { .duplicateIdempotencyKey(entry: $0.id, key: key, original: original) })
        #expect(full.transactions[try #require(fromB.first?.transactionID)] == nil)
        #expect(full.appliedEntryIDs.isSuperset(of: fromB.map(\.id)))
    }

    @Test("a purchase fulfilling a shopping list item, duplicated on a replica that sorts first, skips the other's")
    func multiEntryPurchaseEarlierReplicaArrivesLate() throws {
        var a = try F.kitchen(replica: "a", seed: 1)
        let added = try a.run(.addShoppingListItem(ShoppingListRequest(productID: F.milk, amount: 2)))
        guard case .addShoppingListItem(let item)? = added.first?.operation else {
            Issue.record("no shopping list item")
            return
        }
        var b = a.forked(replica: "b", seed: 2)
        b.now -= 30
        let key = F.id(IdempotencyKey.self, "list-milk")
        let purchase = InventoryCommand.purchase(
            PurchaseRequest(productID: F.milk, amount: 2, shoppingListItemID: item.id))
        let fromA = try a.run(purchase, key: key)
        let fromB = try b.run(purchase, key: key)
        #expect(fromA.count == 2 && fromB.count == 2)
        a.receive(fromB)
        b.receive(fromA)

        let full = InventoryProjector.project(a.journal)
        #expect(a.state == full && b.state == full)
        #expect(full.stock(of: F.milk).total == 2)
        #expect(full.shoppingListItems[item.id] == nil)
        let original = try #require(fromB.first?.transactionID)
        #expect(full.idempotencyResults[key] == original)
        #expect(
            full.anomalies == fromA.map { .duplicateIdempotencyKey(entry: $0.id, key: key, original: original) })
        #expect(full.transactions[try #require(fromA.first?.transactionID)] == nil)
        #expect(full.transactions[original]?.entryIDs == fromB.map(\.id))
    }

    @Test("entries of one duplicated transaction are skipped even when other entries sort between them")
    func interleavedDuplicateTransaction() throws {
        let kitchen = try F.kitchen()
        let template = try #require(kitchen.journal.last)
        let key = F.id(IdempotencyKey.self, "spread")
        let uuids = UUIDSequence(seed: 0xD0)
        func entry(
            _ transaction: TransactionID, _ replica: ReplicaID, _ offset: TimeInterval, key: IdempotencyKey?,
            _ operation: InventoryOperation
        ) -> InventoryJournalEntry {
            .fixture(
                operation, in: F.home, id: uuids.next(), transactionID: transaction,
                correlationID: template.correlationID, idempotencyKey: key, recordedAt: F.t0 + offset, replica: replica)
        }
        func purchase(_ name: String, _ amount: Decimal) -> InventoryOperation {
            .purchase(
                PurchasePayload(
                    lotID: F.id(LotID.self, name), productID: F.milk, amount: amount, unit: F.litre,
                    locationID: F.fridge, purchasedAt: F.t0))
        }
        let original = TransactionID(uuids.next())
        let duplicate = TransactionID(uuids.next())
        let other = TransactionID(uuids.next())
        let added = [
            entry(original, "a", 0, key: key, purchase("a", 2)),
            entry(duplicate, "b", 1, key: key, purchase("b", 2)),
            entry(other, "c", 2, key: nil, purchase("c", 1)),
            entry(duplicate, "b", 3, key: key, .consume(ConsumePayload(productID: F.milk, amount: 1, unit: F.litre))),
            entry(duplicate, "b", 4, key: key, purchase("b2", 5)),
        ]
        let full = InventoryProjector.project(kitchen.journal + added)
        #expect(full.stock(of: F.milk).total == 3)
        #expect(full.consumptionHistory.isEmpty)
        #expect(full.transactions[duplicate] == nil)
        #expect(full.anomalies.map(\.entryID) == added.filter { $0.transactionID == duplicate }.map(\.id))
        for seed in 0..<20 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            #expect(Self.incremental(added.shuffled(using: &random), after: kitchen) == full, "seed \(seed)")
        }
    }

    @Test("an undo of the skipped duplicate undoes nothing: the original purchase keeps its stock")
    func undoOfSkippedDuplicate() throws {
        var a = try F.kitchen(replica: "a", seed: 1)
        var b = a.forked(replica: "b", seed: 2)
        let key = F.id(IdempotencyKey.self, "receipt-9")
        let purchase = InventoryCommand.purchase(PurchaseRequest(productID: F.milk, amount: 2))
        let fromA = try a.run(purchase, key: key)
        let fromB = try b.run(purchase, key: key)
        let undo = try b.run(.undo(try #require(fromB.first?.transactionID)))
        #expect(b.total(F.milk) == 0)
        a.receive(fromB + undo)
        b.receive(fromA)

        let full = InventoryProjector.project(a.journal)
        #expect(a.state == full && b.state == full)
        #expect(Self.incremental(InventoryJournalEntry.ordered(a.journal).reversed()) == full)
        #expect(full.stock(of: F.milk).total == 2)
        #expect(full.undoneTransactions == [try #require(fromB.first?.transactionID)])
        #expect(full.anomalies.map(\.entryID) == fromB.map(\.id))
        var undoOriginal = a
        try undoOriginal.run(.undo(try #require(fromA.first?.transactionID)))
        #expect(undoOriginal.total(F.milk) == 0)
    }

    @Test("an undo booked with a key another device used for another undo is skipped and undoes nothing")
    func undoWithReusedKey() throws {
        var a = try F.kitchen(replica: "a", seed: 1)
        let milk = try a.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1)))
        let eggs = try a.run(.purchase(PurchaseRequest(productID: F.eggs, amount: 6)))
        var b = a.forked(replica: "b", seed: 2)
        b.now += 30
        let key = F.id(IdempotencyKey.self, "undo-tap")
        let fromA = try a.run(.undo(try #require(milk.first?.transactionID)), key: key)
        let fromB = try b.run(.undo(try #require(eggs.first?.transactionID)), key: key)
        #expect(b.total(F.eggs) == 0)
        a.receive(fromB)
        b.receive(fromA)

        let full = InventoryProjector.project(a.journal)
        #expect(a.state == full && b.state == full)
        #expect(full.stock(of: F.milk).total == 0)
        #expect(full.stock(of: F.eggs).total == 6)
        #expect(full.undoneTransactions == [try #require(milk.first?.transactionID)])
        let skipped = try #require(fromB.first)
        #expect(
            full.anomalies == [
                .duplicateIdempotencyKey(
                    entry: skipped.id, key: key, original: try #require(fromA.first?.transactionID))
            ])
    }

    @Test("an undo carrying the key of the transaction it targets is a replay: never decided, skipped when folded")
    func undoWithTheTargetsKey() throws {
        var kitchen = try F.kitchen()
        let key = F.id(IdempotencyKey.self, "scan-1")
        let bought = try kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 2)), key: key)
        let transaction = try #require(bought.first?.transactionID)
        #expect(try kitchen.decide(.undo(transaction), key: key).isEmpty)

        let template = try #require(kitchen.decide(.undo(transaction)).first)
        var foreign = template
        foreign.idempotencyKey = key
        var state = kitchen.state
        #expect(state.apply(foreign) == .skippedDuplicate)
        let full = InventoryProjector.project(kitchen.journal + [foreign])
        #expect(state == full)
        #expect(full.stock(of: F.milk).total == 2)
        #expect(full.undoneTransactions.isEmpty)
        #expect(full.anomalies == [.duplicateIdempotencyKey(entry: foreign.id, key: key, original: transaction)])
    }

    // MARK: - Randomized

    /// A random journal tail of keyed and unkeyed purchases, consumptions and a few undos from three replicas,
    /// some commands booked again under the same key on another replica.
    static func randomEntries(
        using random: inout SeededRandomNumberGenerator, template: InventoryJournalEntry
    ) -> [InventoryJournalEntry] {
        let uuids = UUIDSequence(seed: 0xEE)
        let replicas = ["a", "b", "c"].map { ReplicaID($0) }
        let keys = (0..<4).map { F.id(IdempotencyKey.self, "key-\($0)") }
        var entries: [InventoryJournalEntry] = []
        var stockCommands: [(TransactionID, IdempotencyKey?, [InventoryOperation])] = []
        for _ in 0..<Int.random(in: 6...14, using: &random) {
            let key = Bool.random(using: &random) ? keys.randomElement(using: &random) : nil
            let again = stockCommands.filter { key != nil && $0.1 == key }.randomElement(using: &random)
            var operations: [InventoryOperation]
            if let again, Bool.random(using: &random) {
                operations = again.2.map { operation in
                    guard case .purchase(var payload) = operation else { return operation }
                    payload.lotID = LotID(uuids.next())
                    return .purchase(payload)
                }
            } else if !stockCommands.isEmpty, Int.random(in: 0..<8, using: &random) == 0 {
                operations = [.undo(stockCommands.randomElement(using: &random)!.0)]
            } else {
                operations = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                    let amount = Decimal(Int.random(in: 1...6, using: &random)) / 2
                    if Bool.random(using: &random) {
                        return .purchase(
                            PurchasePayload(
                                lotID: LotID(uuids.next()), productID: F.milk, amount: amount, unit: F.litre,
                                locationID: Bool.random(using: &random) ? F.fridge : F.pantry, purchasedAt: F.t0))
                    }
                    return .consume(ConsumePayload(productID: F.milk, amount: amount, unit: F.litre))
                }
            }
            let transaction = TransactionID(uuids.next())
            let replica = replicas.randomElement(using: &random)!
            let at = F.t0 + TimeInterval(Int.random(in: 0..<20, using: &random))
            for operation in operations {
                var entry = sibling(of: template, id: uuids.next(), operation: operation)
                entry.transactionID = transaction
                entry.idempotencyKey = key
                entry.replicaID = replica
                entry.recordedAt = at
                entries.append(entry)
            }
            if operations.first?.kind != .undo { stockCommands.append((transaction, key, operations)) }
        }
        return entries
    }

    @Test("200 seeded journals from three replicas with reused keys: every arrival order gives the projection")
    func randomizedReusedKeys() throws {
        let kitchen = try F.kitchen()
        let template = try #require(kitchen.journal.last)
        var duplicatesSeen = 0
        for seed in 0..<200 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let added = Self.randomEntries(using: &random, template: template)
            let full = InventoryProjector.project(kitchen.journal + added)

            // The spec, computed independently: a key belongs to the transaction of its first entry in the order.
            var owners: [IdempotencyKey: TransactionID] = [:]
            var skipped: [InventoryJournalEntry] = []
            for entry in InventoryJournalEntry.ordered(added) {
                guard let key = entry.idempotencyKey else { continue }
                if let owner = owners[key] {
                    if owner != entry.transactionID { skipped.append(entry) }
                } else {
                    owners[key] = entry.transactionID
                }
            }
            duplicatesSeen += skipped.count
            let skippedIDs = Set(skipped.map(\.id))
            let counted = added.filter { !skippedIDs.contains($0.id) }

            // Projecting without the duplicates gives the same stock, history and effects.
            let oracle = InventoryProjector.project(kitchen.journal + counted)
            #expect(full.lots == oracle.lots, "seed \(seed)")
            #expect(full.lotAliases == oracle.lotAliases, "seed \(seed)")
            #expect(full.consumptionHistory == oracle.consumptionHistory, "seed \(seed)")
            #expect(full.transactions == oracle.transactions, "seed \(seed)")
            #expect(full.undoneTransactions == oracle.undoneTransactions, "seed \(seed)")
            #expect(full.idempotencyResults == owners, "seed \(seed)")
            #expect(full.appliedEntryIDs == Set((kitchen.journal + added).map(\.id)), "seed \(seed)")
            let duplicateAnomalies = full.anomalies.filter {
                if case .duplicateIdempotencyKey = $0 { true } else { false }
            }
            #expect(
                duplicateAnomalies
                    == skipped.map {
                        .duplicateIdempotencyKey(
                            entry: $0.id, key: $0.idempotencyKey!, original: owners[$0.idempotencyKey!]!)
                    }, "seed \(seed)")
            #expect(full.anomalies.filter { !duplicateAnomalies.contains($0) } == oracle.anomalies, "seed \(seed)")

            // Each key's purchases count once: stock = counted purchases of live transactions - consumption.
            let purchased = counted.reduce(Decimal(0)) { sum, entry in
                guard case .purchase(let payload) = entry.operation,
                    !full.undoneTransactions.contains(entry.transactionID)
                else { return sum }
                return sum + payload.amount
            }
            let consumed = full.consumptionHistory.reduce(Decimal(0)) { $0 + $1.amount }
            #expect((full.stock(of: F.milk).total ?? 0) == purchased - consumed, "seed \(seed)")
            for (key, owner) in owners {
                let folded = full.transactions.keys.filter { transaction in
                    added.contains { $0.transactionID == transaction && $0.idempotencyKey == key }
                }
                #expect(folded.allSatisfy { $0 == owner }, "seed \(seed), key \(key)")
            }

            // Every arrival order, applied incrementally, converges on the projection.
            for _ in 0..<3 {
                var order = added.shuffled(using: &random)
                order += order.prefix(Int.random(in: 0...3, using: &random))
                let state = Self.incremental(order, after: kitchen)
                #expect(state == full, "seed \(seed)")
                if state != full { return }
            }
            #expect(InventoryProjector.project((kitchen.journal + added).shuffled(using: &random)) == full)
        }
        #expect(duplicatesSeen > 200)
    }
}
