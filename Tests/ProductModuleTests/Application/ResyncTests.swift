import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

/// A remote that compacted its feed answers an old cursor with `resyncRequired`; the device reconciles from the
/// whole feed so that remote deletions whose tombstones are gone still reach it and its own pending changes stay.
@Suite("Resync after remote compaction")
struct ResyncTests {
    @Test func aDeviceBehindACompactedFeedDropsRemotelyDeletedProductsAndKeepsItsPendingChanges() async throws {
        let remote = InMemoryProductRemote()
        let alice = SyncFixtures.Device("alice", remote: remote)
        let bob = SyncFixtures.Device("bob", remote: remote)
        let milk = try Product.fixture(number: 1, barcoded: true, title: "Milk")
        let bread = try Product.fixture(number: 2, barcoded: true, title: "Bread")
        let eggs = try Product.fixture(number: 3, barcoded: true, title: "Eggs")
        let jam = try Product.fixture(number: 4, barcoded: true, title: "Jam")
        try await alice.service.addProducts([milk, bread, eggs, jam])
        try await alice.service.syncPending()
        try await bob.service.syncPending()
        #expect(try await bob.products().map(\.productID) == [milk, bread, eggs, jam].map(\.productID).sorted())

        // Bob goes offline with edits of his own: he deletes jam and renames eggs.
        await bob.connectivity.set(online: false)
        try await bob.service.deleteProducts([jam.productID])
        var brownEggs = eggs
        brownEggs.title = "Brown eggs"
        try await bob.service.updateProducts([brownEggs])

        // Meanwhile Alice deletes milk and edits bread, and the remote compacts the milk tombstone away.
        try await alice.service.deleteProducts([milk.productID])
        var rye = bread
        rye.title = "Rye bread"
        try await alice.service.updateProducts([rye])
        try await alice.service.syncPending()
        await remote.compact(through: await remote.lastSequence)

        await bob.connectivity.set(online: true)
        let report = try await bob.service.syncPending()
        #expect(report.pullFailures.isEmpty)
        try await alice.service.syncPending()

        // Milk's deletion reached Bob although its tombstone was compacted; his own deletion and edit survived.
        let expected = [brownEggs.productID, rye.productID]
        #expect(try await bob.products().map(\.productID) == expected.sorted())
        #expect(try await alice.products().map(\.productID) == expected.sorted())
        #expect(try await bob.products().first { $0.productID == rye.productID }?.title == "Rye bread")
        #expect(try await alice.products().first { $0.productID == eggs.productID }?.title == "Brown eggs")
        #expect(try await bob.service.store.tombstone(milk.productID) != nil)
    }
}
