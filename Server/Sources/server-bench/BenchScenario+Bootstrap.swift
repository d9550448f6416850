import Foundation
import InventoryKit
import InventoryModule
import Logging
import NIOCore
import PostgresNIO
import SyncServer
import SyncWire

extension BenchScenario {
    /// `server.bootstrap`: a new device starting from a household of N journal entries. Ours is the wire
    /// bootstrap — `GET snapshot?products=false`, `GET` of the state's bytes, the kit's decode — against the
    /// baseline of reading the same saved state straight from PostgreSQL and decoding it; beside them, the full pull
    /// it replaces (every journal page, decoded, folded with `InventoryProjector.project`), with each one's growth
    /// of the process's resident memory (the server runs in this process too).
    static let bootstrap = BenchScenario(
        name: "server.bootstrap",
        summary: "HTTP snapshot + state bytes + the kit's decode vs SELECT state + the same decode; beside them, "
            + "the full pull of the journal folded by the kit"
    ) { environment, repetitions, _ in
        let count = environment.sizes.bootstrapEntries
        let (household, tokens) = try await environment.household("bootstrap", devices: 1)
        let setup = try await BootstrapSetup.make(environment, household, count: count)
        let connection = DeviceSession(port: environment.port, household: household, token: tokens[0])
        defer { connection.close() }
        let started = ContinuousClock.now
        // Through the head: the replica's sweep may have saved a state while the journal was being inserted.
        let first = try await connection.snapshot(atLeast: setup.head)
        BenchLog.line(
            "   first snapshot (the replica folds \(setup.entries) entries and saves its state): "
                + "\(BenchReport.formatSeconds((ContinuousClock.now - started).seconds)); seq \(first.seq), "
                + "\(first.stateBytes) bytes")
        guard first.seq == setup.head else { throw BenchFailure("bootstrap: snapshot at \(first.seq), head \(setup.head)") }

        var raw: [Double] = []
        var wire: [Double] = []
        var pull: [Double] = []
        var wireGrowth: [Double] = []
        var pullGrowth: [Double] = []
        var lots = 0
        var steps: [WireSteps] = []
        for repetition in 1...repetitions {
            var clock = ContinuousClock.now
            let baseline = try await rawBootstrap(environment, household, seq: first.seq)
            raw.append((ContinuousClock.now - clock).seconds)

            clock = ContinuousClock.now
            let (wired, wireBytes) = try await ResidentMemory.growth { try await wireBootstrap(connection) }
            wire.append((ContinuousClock.now - clock).seconds)
            let fetched = wired.state
            steps.append(wired.steps)

            clock = ContinuousClock.now
            let (folded, pullBytes) = try await ResidentMemory.growth { try await fullPull(connection) }
            pull.append((ContinuousClock.now - clock).seconds)
            wireGrowth.append(wireBytes.map(Double.init) ?? -1)
            pullGrowth.append(pullBytes.map(Double.init) ?? -1)

            lots = baseline.lots.count
            guard fetched.lots == baseline.lots, folded.lots == baseline.lots,
                fetched.lastAppliedOrderKey == baseline.lastAppliedOrderKey,
                folded.lastAppliedOrderKey == baseline.lastAppliedOrderKey
            else { throw BenchFailure("bootstrap: the three ways disagree on the household's state") }
            if repetition == 1 {
                let canonical = try InventoryCheckpoint.canonicalBytes(of: baseline)
                guard try InventoryCheckpoint.canonicalBytes(of: folded) == canonical else {
                    throw BenchFailure("bootstrap: the saved state is not the fold of the pulled journal")
                }
            }
            BenchLog.line(
                "   #\(repetition): wire \(BenchReport.formatSeconds(wire.last ?? 0)), raw "
                    + "\(BenchReport.formatSeconds(raw.last ?? 0)), full pull \(BenchReport.formatSeconds(pull.last ?? 0)); "
                    + "resident growth wire \(megabytes(wireBytes)), full pull \(megabytes(pullBytes)); wire steps: "
                    + "snapshot \(BenchReport.formatSeconds(wired.steps.snapshot)), state "
                    + "\(BenchReport.formatSeconds(wired.steps.state)), decode \(BenchReport.formatSeconds(wired.steps.decode))")
        }
        let median = BenchReport.median(wire)
        return ScenarioResult(
            name: "server.bootstrap", oursSeconds: median, baselineSeconds: BenchReport.median(raw), target: 1.5,
            metrics: [
                ("entries", Double(setup.entries)), ("live_lots", Double(lots)),
                ("checkpoint_bytes", Double(first.stateBytes)), ("format_version", Double(first.formatVersion)),
                ("full_pull_s", BenchReport.median(pull)),
                ("full_pull_over_wire", BenchReport.median(pull) / max(median, 1e-9)),
                ("wire_rss_growth_mb", BenchReport.median(wireGrowth) / 1_048_576),
                ("full_pull_rss_growth_mb", BenchReport.median(pullGrowth) / 1_048_576),
                ("wire_snapshot_ms", BenchReport.median(steps.map(\.snapshot)) * 1_000),
                ("wire_state_ms", BenchReport.median(steps.map(\.state)) * 1_000),
                ("wire_decode_ms", BenchReport.median(steps.map(\.decode)) * 1_000),
                ("setup_insert_s", setup.insertSeconds),
            ])
    }

    /// The baseline: the saved state's row read with PostgresNIO and decoded by the kit.
    private static func rawBootstrap(_ environment: BenchEnvironment, _ household: SyncServer.HouseholdID, seq: Int64) async throws
        -> InventoryState
    {
        let started = ContinuousClock.now
        for try await (mark, bytes) in try await environment.client.query(
            """
            SELECT mark, state FROM replica_checkpoints
            WHERE household_id = \(household.rawValue) AND through_seq = \(seq)
            """,
            logger: BootstrapSetup.logger
        ).decode((String, ByteBuffer).self) {
            let read = (ContinuousClock.now - started).seconds
            // One copy into `Data`, as the wire side's client makes one (not byte by byte through the view).
            let stateData = bytes.withUnsafeReadableBytes { Data($0) }
            let state = try decodeState(mark: Data(mark.utf8), bytes: stateData)
            BenchLog.line(
                "      raw: select \(BenchReport.formatSeconds(read)), decode "
                    + "\(BenchReport.formatSeconds((ContinuousClock.now - started).seconds - read))")
            return state
        }
        throw BenchFailure("bootstrap: no saved state through \(seq)")
    }

    /// The wire bootstrap: the snapshot's description, its state's bytes, the kit's decode; with the seconds each
    /// of the three took.
    private static func wireBootstrap(_ connection: DeviceSession) async throws
        -> (state: InventoryState, steps: WireSteps)
    {
        var clock = ContinuousClock.now
        let snapshot = try await connection.snapshot()
        let described = (ContinuousClock.now - clock).seconds
        clock = ContinuousClock.now
        let bytes = try await connection.get(snapshot.state)
        let fetched = (ContinuousClock.now - clock).seconds
        guard Int64(bytes.count) == snapshot.stateBytes else {
            throw BenchFailure("bootstrap: \(bytes.count) state bytes, the snapshot said \(snapshot.stateBytes)")
        }
        clock = ContinuousClock.now
        let state = try decodeState(mark: Data(snapshot.mark.text.utf8), bytes: bytes)
        return (state, WireSteps(snapshot: described, state: fetched, decode: (ContinuousClock.now - clock).seconds))
    }

    /// How long each step of a wire bootstrap took, in seconds.
    private struct WireSteps {
        var snapshot: Double
        var state: Double
        var decode: Double
    }

    /// The full pull a device did before snapshots: every journal page, decoded, folded.
    private static func fullPull(_ connection: DeviceSession) async throws -> InventoryState {
        InventoryProjector.project(try await connection.pullJournal(limit: 1_000))
    }

    private static func decodeState(mark: Data, bytes: Data) throws -> InventoryState {
        let mark = try RecordCoding.decode(InventoryCheckpointMark.self, from: mark)
        return try InventoryCheckpoint(mark: mark, stateData: bytes).state()
    }

    private static func megabytes(_ bytes: Int?) -> String {
        bytes.map { String(format: "%.1f MB", Double($0) / 1_048_576) } ?? "n/a"
    }
}

/// The household `server.bootstrap` starts from: its journal written in bulk, as raw inserts under the counter
/// lock (what a push writes for journal entries: their change rows and the counter).
private struct BootstrapSetup {
    static let logger = Logger(label: "server-bench-bootstrap")

    let entries: Int
    let head: Int64
    let insertSeconds: Double

    static func make(_ environment: BenchEnvironment, _ household: SyncServer.HouseholdID, count: Int) async throws -> BootstrapSetup {
        var clock = ContinuousClock.now
        let workload = try BenchWorkload.kitchen(of: household, count: count)
        BenchLog.line(
            "   \(workload.rows.count) journal entries decided by the kit in "
                + "\(BenchReport.formatSeconds((ContinuousClock.now - clock).seconds))")
        clock = ContinuousClock.now
        for rows in workload.rowBatches(batch: 5_000) {
            try await RawChanges.appendLocked(rows, of: household, client: environment.client)
        }
        let insertSeconds = (ContinuousClock.now - clock).seconds
        BenchLog.line("   inserted in \(BenchReport.formatSeconds(insertSeconds))")
        return BootstrapSetup(entries: workload.rows.count, head: Int64(workload.rows.count), insertSeconds: insertSeconds)
    }
}
