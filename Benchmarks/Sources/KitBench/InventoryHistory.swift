import Foundation
import InventoryModule

/// A deterministic household journal of a given length: the household of ``InventoryHouseholdCatalog`` living
/// three years — purchases with due dates, consumptions (some spoiled), opens, transfers in and out of the
/// freezers, stock corrections and undos of the command just booked — every command booked through
/// `InventoryModuleService.perform`, so every entry is a decision the service accepted.
///
/// Undos are a person's mistakes, so they follow time, not the journal's length: about 10 over the three years (at
/// most 1 % of the commands). Each undoes the command just booked.
///
/// The commands are chosen against a mirror of the household's state (the entries folded as they are booked), so
/// consumptions, opens and transfers only ask for stock that is there. The clock moves forward by a jittered step
/// between commands so the last entry falls three years after the first, whatever the length.
struct InventoryHistory: Sendable {
    /// The number of journal entries to book (every command of the history books exactly one).
    let entryCount: Int
    /// The seed of the command choice.
    let seed: UInt64

    /// The time of the first entry.
    static let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
    /// How long the history lasts: three years.
    static let span: TimeInterval = 3 * 365 * 86_400

    /// What was booked, by kind.
    struct Tally: Sendable, CustomStringConvertible {
        var setUp = 0, purchases = 0, consumptions = 0, opens = 0, transfers = 0, corrections = 0, undos = 0
        /// Commands the service refused (none are expected; each is a generator bug worth a look).
        var refused = 0
        /// The total and the longest time of the undo commands (an undo of a folded transaction rebuilds the
        /// state from a checkpoint).
        var undoSeconds = 0.0, slowestUndo = 0.0

        var description: String {
            "\(setUp) set-up, \(purchases) purchases, \(consumptions) consumptions, \(opens) opens, "
                + "\(transfers) transfers, \(corrections) corrections, \(undos) undos (mean "
                + "\(Report.formatSeconds(undoSeconds / Double(max(1, undos)))), slowest \(Report.formatSeconds(slowestUndo))), "
                + "\(refused) refused"
        }
    }

    /// Books the history into `household` through `service`, moving `clock` forward.
    ///
    /// - Throws: a storage error, or ``BenchmarkError/setup(_:)`` when the service refuses too many commands.
    func book(on service: InventoryModuleService, clock: HistoryClock) async throws -> Tally {
        let household = InventoryHouseholdCatalog.household
        var tally = Tally()
        var planner = InventoryHistoryPlanner(seed: seed, undoProbability: min(0.01, 10 / Double(entryCount)))
        var booked = 0
        for command in InventoryHouseholdCatalog.setUp {
            let result = try await service.perform(command, in: household)
            _ = planner.fold(result.entries)
            booked += result.entries.count
            tally.setUp += 1
        }
        let step = Self.span / Double(max(1, entryCount - booked))
        while booked < entryCount {
            clock.advance(by: step * planner.jitter())
            let (command, kind) = planner.next(now: clock.now)
            var result: InventoryTransactionResult?
            do {
                let seconds = try await Stopwatch.time { result = try await service.perform(command, in: household) }
                if kind == .undo {
                    tally.undoSeconds += seconds
                    tally.slowestUndo = max(tally.slowestUndo, seconds)
                }
            } catch let error as InventoryError {
                tally.refused += 1
                guard tally.refused <= 50 else { throw BenchmarkError.setup("the service refused \(command): \(error)") }
                continue
            }
            guard let result else { continue }
            booked += result.entries.count
            tally.count(kind)
            if !planner.fold(result.entries) {
                // An undo of a folded transaction: the mirror cannot fold it, so it takes the service's state.
                planner.mirror = try await service.state(of: household)
            }
            planner.lastTransaction = kind == .undo ? nil : result.transactionID
        }
        return tally
    }
}

extension InventoryHistory.Tally {
    /// Counts one booked command.
    mutating func count(_ kind: InventoryOperationKind) {
        switch kind {
        case .purchase: purchases += 1
        case .consume: consumptions += 1
        case .open: opens += 1
        case .transfer: transfers += 1
        case .correct: corrections += 1
        case .undo: undos += 1
        default: setUp += 1
        }
    }
}
