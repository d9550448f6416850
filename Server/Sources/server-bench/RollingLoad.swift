import ArgumentParser
import Foundation
import SyncServer

/// `server-bench rolling`: the devices of a rolling restart (`Server/scripts/rolling-restart` runs it through
/// HAProxy while it restarts the server instances behind it) and of a database failover
/// (`Server/scripts/database-failover` runs it against one instance while the PostgreSQL primary is killed and its
/// standby promoted).
///
/// Every device pushes and pulls until the stop file appears; then every device pulls the whole log, which must
/// hold exactly the op ids its household's devices got acknowledged, once each. Prints the figures, writes each
/// household's count of acknowledged operations (for the script's check in SQL) and exits non-zero on a lost or
/// duplicated operation or a `5xx` other than `503`.
struct RollingLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rolling",
        abstract: "Devices pushing and pulling through a load balancer while the servers behind it restart."
    )

    @Option(help: "The load balancer's port on 127.0.0.1.")
    var port: Int

    @Option(help: "The devices: one `HOUSEHOLD_ID TOKEN` line each.")
    var devicesFile: String

    @Option(help: "Operations per push.")
    var batch = 20

    @Option(help: "Stop pushing once this file exists.")
    var stopFile: String

    @Option(help: "The restart or failover windows, read at the end: one `START END` line each, in seconds since 1970.")
    var windowsFile: String

    @Option(help: "Where to write one `HOUSEHOLD_ID COUNT` line per household: its acknowledged operations.")
    var acknowledgedFile: String

    @Option(help: "Give up (non-zero exit) after this many seconds.")
    var timeLimit = 600

    func run() async throws {
        let devices = try String(contentsOfFile: devicesFile, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            guard fields.count == 2, let household = HouseholdID(String(fields[0])) else {
                throw ValidationError("not a `HOUSEHOLD_ID TOKEN` line: \(line)")
            }
            let token = BearerToken(rawValue: String(fields[1]))
            let session = DeviceSession(port: port, household: household, token: token, timeout: 30)
            return RollingDevice(session: session, batch: batch)
        }
        let stopFile = self.stopFile
        let deadline = ContinuousClock.now + .seconds(timeLimit)
        BenchLog.line("rolling: \(devices.count) devices in \(Set(devices.map(\.session.household)).count) households")
        let tallies = try await withThrowingTaskGroup(of: (Int, RollingDevice.Tally).self) { group in
            for (index, device) in devices.enumerated() {
                group.addTask {
                    let tally = try await device.run {
                        FileManager.default.fileExists(atPath: stopFile) || ContinuousClock.now > deadline
                    }
                    return (index, tally)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let report = try await check(devices, tallies)
        try report.households.map { "\($0.key) \($0.value)" }.joined(separator: "\n")
            .appending("\n").write(toFile: acknowledgedFile, atomically: true, encoding: .utf8)
        let windowLines = try String(contentsOfFile: windowsFile, encoding: .utf8).split(separator: "\n")
        let windows = windowLines.compactMap { line in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return fields.count == 2 ? (start: fields[0], end: fields[1]) : nil
        }
        print(RollingReport(tallies: report.tallies, windows: windows, violations: report.violations).text)
        guard report.violations.isEmpty, report.tallies.allSatisfy(\.otherServerErrors.isEmpty) else {
            throw ExitCode.failure
        }
    }

    /// Every device pulls the whole log: it must hold its household's acknowledged op ids, each once.
    private func check(
        _ devices: [RollingDevice], _ tallies: [RollingDevice.Tally]
    ) async throws -> (tallies: [RollingDevice.Tally], households: [HouseholdID: Int], violations: [String]) {
        var acknowledged: [HouseholdID: [String]] = [:]
        for (device, tally) in zip(devices, tallies) {
            acknowledged[device.session.household, default: []] += tally.acknowledged
        }
        var violations: [String] = []
        var tallies = tallies
        for (index, device) in devices.enumerated() {
            let household = device.session.household
            let expected = acknowledged[household] ?? []
            let pulled = try await device.pullAll(&tallies[index])
            if Set(expected).count != expected.count {
                violations.append("household \(household): an op id was acknowledged twice")
            }
            if pulled.count != Set(pulled).count {
                violations.append(
                    "device \(index): pulled \(pulled.count) changes, \(Set(pulled).count) distinct op ids")
            }
            if Set(pulled) != Set(expected) {
                let lost = Set(expected).subtracting(pulled).count
                let extra = Set(pulled).subtracting(expected).count
                violations.append(
                    "device \(index): \(lost) acknowledged operations missing, \(extra) never acknowledged")
            }
            device.session.close()
        }
        return (tallies, acknowledged.mapValues(\.count), violations)
    }
}
