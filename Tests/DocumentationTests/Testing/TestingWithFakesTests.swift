import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

@Suite("Testing with the in-memory provider (DocC: Testing with InventoryKitTesting)")
struct TestingWithFakesTests {
    // snippet: testing-conformance
    @Test func providerConforms() async {
        let report = await StorageProviderConformance { InMemoryStorageProvider() }.run()   // your provider here
        #expect(report.failures == [])
    }
    // end snippet

    @Test("injected write failures write nothing; a snapshot restarts a store on the same data")
    func faultsAndRestarts() async throws {
        let bottle = Bottle(id: UUID(), name: "Rioja", year: 2015)
        // snippet: testing-in-memory-provider
        let storage = InMemoryStorageProvider()
        await storage.failNextWrites(1)                     // the next write throws, nothing is written
        await #expect(throws: StorageError.self) { try await storage.domainMetadata.save(bottle) }
        try await storage.domainMetadata.save(bottle)       // the one after succeeds
        let restarted = InMemoryStorageProvider(await storage.snapshot())   // same "disk", fresh process
        // end snippet
        #expect(try await restarted.domainMetadata.load(Bottle.self, id: bottle.recordID) == bottle)
    }

    @Test("a manual clock, seeded ids and a seeded random source make a run repeatable")
    func injectedTimeAndIdentity() {
        // snippet: testing-time-and-ids
        let clock = ManualClock(Date(timeIntervalSince1970: 1_767_225_600))
        let ids = SeededUUIDGenerator(seed: 42)
        // Pass `clock.clock`, `{ ids.next() }` and `.seeded(7)` as the services' clock, makeUUID and random.
        clock.advance(by: 3_600)                            // time moves only when the test says so
        let first = ids.next()                              // the same sequence on every run
        // end snippet
        #expect(clock.now == Date(timeIntervalSince1970: 1_767_229_200))
        #expect(first == SeededUUIDGenerator(seed: 42).next())
    }
}
