import Foundation
import InventoryKit

extension InventoryCheckpointKeeper {
    /// How many intervals of the policy a pull folds between the checkpoints it writes while it runs.
    static let pullSealIntervals = 20

    /// How many entries a pull folds between the checkpoints it writes while it runs (``sealDuringPull(_:)``):
    /// twenty of the policy's intervals, 20,000 entries by default; `0` when checkpoints are off. Each such write
    /// copies the whole sealed history into the new checkpoint, so a shorter interval costs the pull more time.
    var pullSealInterval: Int { policy.interval * Self.pullSealIntervals }

    /// Checkpoints a household in the middle of a pull once it has folded ``pullSealInterval`` entries since its
    /// newest checkpoint, so a long pull holds at most that many entries of history in memory rather than all
    /// it pulled.
    ///
    /// A pull defers background writes until it ends (``deferWrites(of:)``), and until a checkpoint is written the
    /// state keeps every entry id, transaction effect and consumption record it folded as values; a written one
    /// lets it swap them for the checkpoint's sealed bytes (``InventoryState/resealed(by:after:)``, several
    /// times smaller). This write runs inside the gate, between two pages: it encodes the cached state in place
    /// while the pull waits — no fold changes the state meanwhile, so it is not copied — commits the checkpoint
    /// with the surplus marks dropped, and reseals the cached state. Each write copies the bytes the last one
    /// sealed and encodes only what was folded since. A failed write loses nothing (the journal is the truth):
    /// the pull goes on, and the next page tries again.
    ///
    /// Call it inside the gate, after a pulled page was committed and folded.
    func sealDuringPull(_ household: HouseholdID) async {
        let interval = pullSealInterval
        guard interval > 0, let state = cache.state(of: household),
            let known = try? await marks(of: household),
            state.entryLog.count - (known.map(\.entryCount).max() ?? 0) >= interval,
            let checkpoint = try? InventoryCheckpoint(state: state, of: household)
        else { return }
        var transaction = InventoryLocalTransaction()
        transaction.checkpoints = [checkpoint]
        // The checkpoint of the snapshot the household joined from is never surplus (see `write`).
        let floorMark = (try? await floor(of: household))??.mark
        transaction.droppedCheckpoints = policy.surplus(known.filter { $0 != floorMark } + [checkpoint.mark])
        guard (try? await store.commit(transaction)) != nil else { return }
        lock.withLock {
            var kept = (marks[household] ?? []).filter {
                !transaction.droppedCheckpoints.contains($0) && $0 != checkpoint.mark
            }
            if !transaction.droppedCheckpoints.contains(checkpoint.mark) { kept.append(checkpoint.mark) }
            marks[household] = kept
        }
        guard let sealed = InventoryCheckpointFormat.sealedHistory(of: checkpoint.stateData),
            let current = cache.take(household)
        else { return }
        cache.put(current.resealed(by: sealed, after: state), for: household)
    }
}
