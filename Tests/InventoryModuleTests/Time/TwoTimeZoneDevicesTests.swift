import Foundation
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import Testing

@Suite("Two devices in different time zones share one household's calendar")
struct TwoTimeZoneDevicesTests {
    typealias S = ServiceFixtures

    @Test("devices in Singapore and New York agree on every view and every reminder, at every hour of three days")
    func devicesAgree() async throws {
        let remote = InMemoryInventoryRemote()
        let singapore = S.Device("sg", remote: remote, seed: 3, timeZone: try HouseholdTimeZone(identifier: "Asia/Singapore"))
        let newYork = S.Device("ny", remote: remote, seed: 4, timeZone: try HouseholdTimeZone(identifier: "America/New_York"))
        try await singapore.setUpHousehold()
        try await singapore.service.syncPending()
        try await newYork.service.syncPending(households: [S.home])
        for (index, device) in [singapore, newYork].enumerated() {
            for days in 0..<3 {
                let due = CalendarDay(containing: S.t0, in: .gmt).adding(days: days + index)
                try await device.service.perform(
                    .purchase(PurchaseRequest(productID: S.products[days], amount: 1, unit: S.piece, locationID: S.fridge, dueDate: .on(due))),
                    in: S.home)
            }
        }
        try await S.healAndSync([singapore, newYork], remote: remote)
        let one = try await singapore.service.state(of: S.home)
        let other = try await newYork.service.state(of: S.home)
        #expect(one.households[S.home]?.timeZone.identifier == "Asia/Singapore")
        #expect(one == other)
        for hour in 0..<72 {
            let now = S.t0 + Double(hour) * 3_600
            #expect(one.dueSoon(now: now) == other.dueSoon(now: now))
            #expect(one.overdue(now: now) == other.overdue(now: now))
            #expect(one.expired(now: now) == other.expired(now: now))
            #expect(one.today(in: S.home, at: now) == other.today(in: S.home, at: now))
            #expect(
                one.upcomingReminders(in: S.home, from: now, through: now + 86_400 * 7)
                    == other.upcomingReminders(in: S.home, from: now, through: now + 86_400 * 7))
        }
    }
}
