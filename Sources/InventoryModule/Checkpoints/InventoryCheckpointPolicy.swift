/// When the inventory service checkpoints a household's state, and which checkpoints it keeps.
///
/// A checkpoint is written once ``interval`` entries were folded since the last one, so a cold open folds at most
/// about that many entries after decoding the newest checkpoint. Older checkpoints are kept for late entries
/// (an offline device's edits that sort into the past) and undos: a fold restarts from the newest checkpoint
/// before the point they reach back to. The newest ``newestKept`` are kept, and older ones thinned so that each
/// kept one holds at most half the entries of the next newer one — about log2(entries / interval) in all.
public struct InventoryCheckpointPolicy: Hashable, Sendable {
    /// Entries folded between two checkpoints; `0` turns checkpoints off (every open folds the whole journal).
    public var interval: Int
    /// How many of the newest checkpoints are always kept (at least 1).
    public var newestKept: Int

    /// Creates a policy.
    public init(interval: Int = 1_000, newestKept: Int = 3) {
        self.interval = max(0, interval)
        self.newestKept = max(1, newestKept)
    }

    /// A checkpoint every 1,000 entries; the newest three kept.
    public static let standard = InventoryCheckpointPolicy()

    /// No checkpoints.
    public static let disabled = InventoryCheckpointPolicy(interval: 0)

    /// Whether a state that has seen `entryCount` entries is due for a checkpoint after one at `lastCount`.
    func isDue(entryCount: Int, lastCount: Int) -> Bool {
        interval > 0 && entryCount - lastCount >= interval
    }

    /// The marks to drop so that the kept ones follow the policy, of the marks of one household.
    func surplus(_ marks: [InventoryCheckpointMark]) -> [InventoryCheckpointMark] {
        let newestFirst = marks.sorted { $0.orderKey > $1.orderKey }
        var dropped: [InventoryCheckpointMark] = []
        var lastKept: InventoryCheckpointMark?
        for (index, mark) in newestFirst.enumerated() {
            if index < newestKept {
                lastKept = mark
            } else if let newer = lastKept, mark.entryCount * 2 > newer.entryCount {
                dropped.append(mark)
            } else {
                lastKept = mark
            }
        }
        return dropped
    }
}
