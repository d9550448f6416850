import Foundation
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import Testing

/// A household's zone is what its creator set or what a person changed on purpose: devices in other zones that
/// create or join the household never move it, in any sync order.
@Suite("A household's time zone across devices in different zones")
struct HouseholdTimeZoneMergeTests {
    typealias S = ServiceFixtures

    static let kiritimati = zone("Pacific/Kiritimati")
    static let pagoPago = zone("Pacific/Pago_Pago")
    static let oslo = zone("Europe/Oslo")
    static let tokyo = zone("Asia/Tokyo")

    static func zone(_ identifier: String) -> HouseholdTimeZone {
        (try? HouseholdTimeZone(identifier: identifier)) ?? .utc
    }

    /// A device in `zone` whose clock starts `offset` seconds after ``ServiceFixtures/t0``.
    static func device(_ name: String, _ zone: HouseholdTimeZone, remote: InMemoryInventoryRemote, offset: Double) -> S.Device {
        S.Device(name, remote: remote, clock: ManualClock(S.t0 + offset), timeZone: zone)
    }

    /// Syncs the devices one after the other, twice over, so every entry reaches every device.
    static func sync(_ devices: [S.Device]) async throws {
        for _ in 0..<2 {
            for device in devices { try await device.service.syncPending(households: [S.home]) }
        }
    }

    /// The zone every device holds, after expecting all their states to be equal.
    static func convergedZone(_ devices: [S.Device], sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> HouseholdTimeZone?
    {
        let states = try await devices.asyncMap { try await $0.service.state(of: S.home) }
        for state in states.dropFirst() { #expect(state == states[0], sourceLocation: sourceLocation) }
        return states[0].households[S.home]?.timeZone
    }

    @Test(
        "two devices that each create the household offline, in Kiritimati and in Pago Pago, both end on the earlier creation's zone, whichever syncs first",
        arguments: [true, false], [false, true])
    func offlineCreationsConverge(kiritimatiCreatesFirst: Bool, pagoPagoSyncsFirst: Bool) async throws {
        let remote = InMemoryInventoryRemote()
        let kiritimati = Self.device("kiritimati", Self.kiritimati, remote: remote, offset: kiritimatiCreatesFirst ? 0 : 60)
        let pagoPago = Self.device("pago-pago", Self.pagoPago, remote: remote, offset: kiritimatiCreatesFirst ? 60 : 0)
        try await kiritimati.setUpHousehold()
        try await pagoPago.setUpHousehold()
        #expect(try await kiritimati.service.state(of: S.home).timeZone(of: S.home) == Self.kiritimati.timeZone)
        #expect(try await pagoPago.service.state(of: S.home).timeZone(of: S.home) == Self.pagoPago.timeZone)

        let devices = pagoPagoSyncsFirst ? [pagoPago, kiritimati] : [kiritimati, pagoPago]
        try await Self.sync(devices)
        let creator = kiritimatiCreatesFirst ? Self.kiritimati : Self.pagoPago
        #expect(try await Self.convergedZone(devices) == creator)
        // Neither creation booked a zone change: one entry carries each creation's name and zone.
        let journal = try await kiritimati.service.store.entries(of: S.home)
        #expect(!journal.contains { $0.operation.kind == .setHouseholdTimeZone })
        #expect(journal.filter { $0.operation.kind == .createHousehold }.count == 2)
    }

    @Test("a device in another zone that pulls before its first command joins the household on the creator's zone")
    func joiningDeviceKeepsTheCreatorsZone() async throws {
        let remote = InMemoryInventoryRemote()
        let kiritimati = Self.device("kiritimati", Self.kiritimati, remote: remote, offset: 0)
        let pagoPago = Self.device("pago-pago", Self.pagoPago, remote: remote, offset: 600)
        try await kiritimati.setUpHousehold()
        try await Self.sync([kiritimati, pagoPago])
        _ = try await pagoPago.purchase(S.products[0], "1", at: S.pantry)
        try await Self.sync([pagoPago, kiritimati])
        #expect(try await Self.convergedZone([kiritimati, pagoPago]) == Self.kiritimati)
        #expect(try await pagoPago.service.store.entries(of: S.home).filter { $0.operation.kind == .createHousehold }.count == 1)
    }

    @Test(
        "a zone set on purpose wins over another device's creation, whether that creation sorts before or after it, in either sync order",
        arguments: [-30.0, 30.0, 600.0], [false, true])
    func explicitChangeWinsOverCreations(pagoPagoOffset: Double, pagoPagoSyncsFirst: Bool) async throws {
        let remote = InMemoryInventoryRemote()
        let kiritimati = Self.device("kiritimati", Self.kiritimati, remote: remote, offset: 0)
        let pagoPago = Self.device("pago-pago", Self.pagoPago, remote: remote, offset: pagoPagoOffset)
        try await kiritimati.setUpHousehold()
        kiritimati.clock.advance(by: 60)
        try await kiritimati.service.perform(.setHouseholdTimeZone(Self.oslo), in: S.home)
        try await pagoPago.setUpHousehold()

        let devices = pagoPagoSyncsFirst ? [pagoPago, kiritimati] : [kiritimati, pagoPago]
        try await Self.sync(devices)
        #expect(try await Self.convergedZone(devices) == Self.oslo)
    }

    @Test("the later of two zone changes made on purpose wins on every device, and a change after a sync reaches the others")
    func laterExplicitChangeWins() async throws {
        let remote = InMemoryInventoryRemote()
        let kiritimati = Self.device("kiritimati", Self.kiritimati, remote: remote, offset: 0)
        let pagoPago = Self.device("pago-pago", Self.pagoPago, remote: remote, offset: 5)
        try await kiritimati.setUpHousehold()
        try await pagoPago.setUpHousehold()
        kiritimati.clock.advance(by: 30)
        try await kiritimati.service.perform(.setHouseholdTimeZone(Self.oslo), in: S.home)   // at t0 + 30
        pagoPago.clock.advance(by: 60)
        try await pagoPago.service.perform(.setHouseholdTimeZone(Self.tokyo), in: S.home)    // at t0 + 65
        try await Self.sync([pagoPago, kiritimati])
        #expect(try await Self.convergedZone([kiritimati, pagoPago]) == Self.tokyo)

        kiritimati.clock.advance(by: 3_600)
        try await kiritimati.service.perform(.setHouseholdTimeZone(Self.kiritimati), in: S.home)
        try await Self.sync([kiritimati, pagoPago])
        #expect(try await Self.convergedZone([kiritimati, pagoPago]) == Self.kiritimati)
    }

    @Test("a creation that arrives late, sorting before entries a checkpointed device already folded, refolds to the full fold's zone")
    func lateCreationRefoldsToTheFullFold() async throws {
        let remote = InMemoryInventoryRemote()
        let policy = InventoryCheckpointPolicy(interval: 3, newestKept: 2)
        let kiritimati = S.Device(
            "kiritimati", remote: remote, clock: ManualClock(S.t0), checkpoints: policy, timeZone: Self.kiritimati)
        // Its clock is an hour behind: everything it books sorts before Kiritimati's entries.
        let pagoPago = S.Device(
            "pago-pago", remote: remote, clock: ManualClock(S.t0 - 3_600), checkpoints: policy, timeZone: Self.pagoPago)
        try await kiritimati.setUpHousehold()
        for index in 0..<7 { _ = try await kiritimati.purchase(S.products[index % 3], "1", at: S.pantry) }
        try await kiritimati.service.syncPending(households: [S.home])
        try await CheckpointPropertyTests.expectFullFold(kiritimati)

        try await pagoPago.setUpHousehold()
        _ = try await pagoPago.purchase(S.products[0], "2", at: S.fridge)
        try await Self.sync([pagoPago, kiritimati])
        for device in [kiritimati, pagoPago] {
            try await CheckpointPropertyTests.expectFullFold(device)
            await device.restart()
            try await CheckpointPropertyTests.expectFullFold(device)
        }
        // Pago Pago's creation is the first in journal order: the household's founding, on every device.
        #expect(try await Self.convergedZone([kiritimati, pagoPago]) == Self.pagoPago)

        // A change made on purpose settles it; a still later late creation does not move it again.
        kiritimati.clock.advance(by: 60)
        try await kiritimati.service.perform(.setHouseholdTimeZone(Self.kiritimati), in: S.home)
        let late = S.Device("late", remote: remote, clock: ManualClock(S.t0 - 7_200), checkpoints: policy, timeZone: Self.tokyo)
        try await late.setUpHousehold()
        try await Self.sync([late, kiritimati, pagoPago])
        for device in [kiritimati, pagoPago, late] { try await CheckpointPropertyTests.expectFullFold(device) }
        #expect(try await Self.convergedZone([kiritimati, pagoPago, late]) == Self.kiritimati)
    }
}

extension Sequence {
    /// The results of an async transform, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
