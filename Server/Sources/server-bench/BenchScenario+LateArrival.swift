import Foundation
import SyncServer

extension BenchScenario {
    /// `server.late-arrival`: a household of N journal entries (the kitchen workload, inserted in bulk and folded by
    /// the replica, untimed), then a device that fell behind pushes 50 entries recorded before the last few hundred
    /// of the journal — a late arrival, which no state the replica keeps by `seq` serves — and reads a view through
    /// them. Timed: from the push until the view answers, at each size. Ours is that at the largest size; the
    /// baseline is the replica's first fold of that household, a fold of the whole journal — what every late
    /// arrival cost before the replica kept a fold of the entries that sort first (``KeyedPrefix``). The times at
    /// each size show how the refold grows with the history.
    static let lateArrival = BenchScenario(
        name: "server.late-arrival",
        summary: "push of 50 late entries + a view through them vs the replica's fold of the whole journal, "
            + "at the largest size"
    ) { environment, repetitions, _ in
        var medians: [Double] = []
        var wholeFold = 0.0
        for count in environment.sizes.lateArrivalEntries {
            let (household, tokens) = try await environment.household("late-\(count)", devices: 1)
            let workload = try BenchWorkload.kitchen(of: household, count: count)
            for rows in workload.rowBatches(batch: 5_000) {
                try await RawChanges.appendLocked(rows, of: household, client: environment.client)
            }
            let head = Int64(workload.rows.count)
            let connection = try await environment.connect(household, token: tokens[0])
            let folded = ContinuousClock.now
            try await connection.view(atLeast: head)
            wholeFold = (ContinuousClock.now - folded).seconds
            BenchLog.line(
                "   \(workload.rows.count) entries: first fold \(BenchReport.formatSeconds((ContinuousClock.now - folded).seconds))")
            var times: [Double] = []
            for repetition in 0..<repetitions {
                // The kitchen records a command a minute: these sort about 500 commands before the journal's end.
                let late = try BenchWorkload.journal(of: household, count: 50) {
                    60 * (workload.rows.count - 500) + repetition * 50 + $0
                }
                let body = try late.bodies(batch: 50)[0]
                let started = ContinuousClock.now
                let seqs = try await connection.push(body, expecting: 50)
                try await connection.view(atLeast: seqs.max() ?? head)
                times.append((ContinuousClock.now - started).seconds)
            }
            try await connection.close()
            let median = BenchReport.median(times)
            medians.append(median)
            BenchLog.line("   \(workload.rows.count) entries: push and view \(BenchReport.formatSeconds(median)) (median)")
        }
        let sizes = environment.sizes.lateArrivalEntries
        return ScenarioResult(
            name: "server.late-arrival", oursSeconds: medians.last ?? 0, baselineSeconds: wholeFold, target: 0.1,
            metrics: zip(sizes, medians).map { ("ms_at_\($0)", $1 * 1_000) } + [("whole_fold_s", wholeFold)])
    }
}
