import Foundation
import InventoryModule
import Testing

@Suite("Idempotency: a command repeated with the same key applies once")
struct IdempotencyTests {
    @Test("the same purchase with the same key decides no entries the second time")
    func sameKeyOnce() throws {
        var kitchen = try F.kitchen()
        let key = F.id(IdempotencyKey.self, "scan-42")
        let command = InventoryCommand.purchase(PurchaseRequest(productID: F.milk, amount: 1))
        let first = try kitchen.run(command, key: key)
        let second = try kitchen.run(command, key: key)
        #expect(first.count == 1 && second.isEmpty)
        #expect(kitchen.total(F.milk) == 1)
        #expect(kitchen.state.idempotencyResults[key] == first.first?.transactionID)
    }

    @Test("a used key returns no entries even when the command would now be refused")
    func usedKeyBeforeValidation() throws {
        var kitchen = try F.kitchen()
        let key = F.id(IdempotencyKey.self, "eat-1")
        try kitchen.buy(F.milk, 1)
        try kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: 1)), key: key)
        #expect(try kitchen.decide(.consume(ConsumeRequest(productID: F.milk, amount: 1)), key: key).isEmpty)
    }

    @Test("different keys, or no key, apply every time")
    func differentKeys() throws {
        var kitchen = try F.kitchen()
        let command = InventoryCommand.purchase(PurchaseRequest(productID: F.milk, amount: 1))
        try kitchen.run(command, key: F.id(IdempotencyKey.self, "a"))
        try kitchen.run(command, key: F.id(IdempotencyKey.self, "b"))
        try kitchen.run(command)
        #expect(kitchen.total(F.milk) == 3)
    }

    @Test("a key used on two replicas before syncing maps to the first in order, and only that transaction counts")
    func concurrentKeys() throws {
        var a = try F.kitchen(replica: "a", seed: 1)
        var b = a.forked(replica: "b", seed: 2)
        let key = F.id(IdempotencyKey.self, "trip")
        let fromA = try a.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1)), key: key)
        let fromB = try b.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1)), key: key)
        a.receive(fromB)
        #expect(a.state.idempotencyResults[key] == fromA.first?.transactionID)
        #expect(a.total(F.milk) == 1)
        #expect(a.state == InventoryProjector.project(a.journal.shuffled()))
    }
}
