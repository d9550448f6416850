import Foundation
import Testing

/// Issue 27: two pantries on machines in two zones (`TZ`), syncing through a shared store. The household's zone is
/// the one its creator set or one a person changed on purpose (`household timezone ZONE`), never a side effect of
/// the other pantry's first command.
@Suite("pantry household timezone: two pantries in Kiritimati and Pago Pago")
struct PantryHouseholdTimeZoneTests {
    static let kiritimati = "Pacific/Kiritimati"
    static let pagoPago = "Pacific/Pago_Pago"

    /// One pantry of the test: its store and its machine's zone.
    struct Device {
        var path: String
        var zone: String

        @discardableResult
        func run(_ arguments: [String], in folder: URL) throws -> PantryRun {
            try PantryRun.run(arguments + ["--path", path], in: folder, variables: ["TZ": zone])
        }

        /// Creates the household offline, the way a first command that books does (a read-only one creates nothing).
        func createHousehold(in folder: URL) throws {
            let run = try run(["shopping-list", "--add", "bread"], in: folder)
            #expect(run.status == 0, "first command of \(path): \(run.error)")
        }

        /// Syncs with the shared store and expects it to work.
        func sync(in folder: URL) throws {
            let run = try run(["sync", "--remote", "shared"], in: folder)
            #expect(run.status == 0, "sync of \(path): \(run.error)")
        }

        /// The zone `household timezone --json` shows.
        func householdZone(in folder: URL) throws -> String? {
            let run = try run(["household", "timezone", "--json"], in: folder)
            #expect(run.status == 0, "\(run.error)")
            let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
            return object?["timeZone"] as? String
        }

        /// The `X-WR-TIMEZONE` of `pantry calendar`: the zone the household's calendar is on.
        func calendarZone(in folder: URL) throws -> String? {
            let run = try run(["calendar"], in: folder)
            #expect(run.status == 0, "\(run.error)")
            return run.output.components(separatedBy: "\r\n").first { $0.hasPrefix("X-WR-TIMEZONE:") }
                .map { String($0.dropFirst("X-WR-TIMEZONE:".count)) }
        }
    }

    static let kitchen = Device(path: "kitchen", zone: kiritimati)
    static let phone = Device(path: "phone", zone: pagoPago)

    @Test(
        "both pantries create the household offline with their first command; after syncing, in either order, both calendars are on the first creator's zone",
        arguments: [false, true])
    func offlineCreationsEndOnTheCreatorsZone(phoneSyncsFirst: Bool) throws {
        let folder = try newFolder()
        try Self.kitchen.createHousehold(in: folder)   // the kitchen's first command
        try Self.phone.createHousehold(in: folder)     // the phone's, a moment later
        #expect(try Self.kitchen.householdZone(in: folder) == Self.kiritimati)
        #expect(try Self.phone.householdZone(in: folder) == Self.pagoPago)
        let order = phoneSyncsFirst ? [Self.phone, Self.kitchen] : [Self.kitchen, Self.phone]
        for device in order + order { try device.sync(in: folder) }
        for device in [Self.kitchen, Self.phone] {
            #expect(try device.householdZone(in: folder) == Self.kiritimati, "\(device.path)")
            #expect(try device.calendarZone(in: folder) == Self.kiritimati, "\(device.path)")
        }
    }

    @Test("a pantry whose first command is a sync joins the household on the creator's zone and books nothing of it")
    func firstSyncJoins() throws {
        let folder = try newFolder()
        try Self.kitchen.createHousehold(in: folder)
        try Self.kitchen.sync(in: folder)
        let joined = try Self.phone.run(["sync", "--remote", "shared", "--json"], in: folder)
        #expect(joined.status == 0, "\(joined.error)")
        let report = try JSONSerialization.jsonObject(with: Data(joined.output.utf8)) as? [String: Any]
        let inventory = try #require(report?["inventory"] as? [String: Any])
        #expect(inventory["pushed"] as? Int == 0 && (inventory["pulled"] as? Int ?? 0) > 0, "\(inventory)")
        #expect(try Self.phone.householdZone(in: folder) == Self.kiritimati)
        let status = try Self.phone.run(["status", "--json"], in: folder)
        #expect(status.output.contains("\"inventory\" : {\n    \"pending\" : 0"), "\(status.output)")
    }

    @Test("household timezone ZONE changes the zone on purpose: it reaches the other pantry, and the later change wins")
    func explicitChangesPropagate() throws {
        let folder = try newFolder()
        try Self.kitchen.createHousehold(in: folder)
        try Self.phone.createHousehold(in: folder)
        for device in [Self.kitchen, Self.phone, Self.kitchen] { try device.sync(in: folder) }

        let changed = try Self.phone.run(["household", "timezone", "Europe/Oslo"], in: folder)
        #expect(changed.status == 0 && changed.output.contains("is on Europe/Oslo now"), "\(changed.output)\(changed.error)")
        for device in [Self.phone, Self.kitchen] { try device.sync(in: folder) }
        #expect(try Self.kitchen.calendarZone(in: folder) == "Europe/Oslo")

        let again = try Self.kitchen.run(["household", "timezone", "Asia/Tokyo", "--json"], in: folder)
        #expect(again.status == 0 && again.output.contains("\"transaction\""), "\(again.error)")
        for device in [Self.kitchen, Self.phone] { try device.sync(in: folder) }
        for device in [Self.kitchen, Self.phone] { #expect(try device.householdZone(in: folder) == "Asia/Tokyo") }

        let unknown = try Self.phone.run(["household", "timezone", "Mars/Olympus_Mons"], in: folder)
        #expect(unknown.status == 2 && unknown.error.split(separator: "\n").count == 1, "\(unknown.error)")
        #expect(try Self.phone.householdZone(in: folder) == "Asia/Tokyo")
    }
}
