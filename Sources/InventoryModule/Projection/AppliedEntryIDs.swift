import Foundation

/// The ids of every entry a state has seen (``InventoryState/appliedEntryIDs``): those sealed in the checkpoint it
/// was opened from, looked up in the checkpoint's bytes, and those added since, in a set.
///
/// The two parts never overlap, so ``count`` is their sum; equality compares the ids, however they are split.
struct AppliedEntryIDs: Sendable, Equatable {
    private(set) var sealed: SealedHistory?
    private(set) var added: Set<UUID>
    /// The added ids in the order they were added.
    private(set) var order: [UUID]
    /// The line of history this part belongs to.
    private(set) var lineage = HistoryLineage()

    /// No ids.
    init() {
        sealed = nil
        added = []
        order = []
    }

    /// The ids of a set.
    init(_ ids: Set<UUID>) {
        sealed = nil
        added = ids
        order = Array(ids)
    }

    /// The ids a checkpoint sealed, and those added after them.
    init(sealed: SealedHistory, adding later: some Sequence<UUID> = []) {
        self.sealed = sealed
        order = Array(later)
        added = Set(order)
    }

    /// This part with the ids `written` holds sealed in `sealed` (the checkpoint written of `written`), or `nil`
    /// when `written` is not an earlier state of this line.
    func resealed(_ sealed: SealedHistory, writtenFrom written: AppliedEntryIDs) -> AppliedEntryIDs? {
        guard lineage === written.lineage, order.count >= written.order.count, sealed.idCount == written.count else { return nil }
        return AppliedEntryIDs(sealed: sealed, adding: order[written.order.count...])
    }

    var count: Int { (sealed?.idCount ?? 0) + added.count }

    func contains(_ id: UUID) -> Bool {
        added.contains(id) || sealed?.containsEntry(id) == true
    }

    mutating func insert(_ id: UUID) {
        guard sealed?.containsEntry(id) != true else { return }
        if added.insert(id).inserted { order.append(id) }
    }

    /// Every id, in a set (O(ids)).
    var all: Set<UUID> {
        guard let sealed else { return added }
        return added.union(sealed.entryIDs)
    }

    static func == (lhs: AppliedEntryIDs, rhs: AppliedEntryIDs) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.sealed == nil, rhs.sealed == nil { return lhs.added == rhs.added }
        return lhs.added.allSatisfy(rhs.contains) && (lhs.sealed?.entryIDs ?? []).allSatisfy(rhs.contains)
    }

    /// Writes every id, sorted by its bytes, after their count: the sealed ones as they are, merged with the
    /// added ones.
    func writeSealed(to writer: inout CheckpointByteWriter) {
        writer.uint32(UInt32(count))
        let fresh = added.sorted(by: UUIDBytes.precedes)
        guard let sealed, sealed.idCount > 0 else {
            for id in fresh { writer.uuid(id) }
            return
        }
        sealed.bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var next = 0
            for index in 0..<sealed.idCount {
                let pointer = base + sealed.idsStart + index * 16
                while next < fresh.count, UUIDBytes.compare(fresh[next], pointer) < 0 {
                    writer.uuid(fresh[next])
                    next += 1
                }
                writer.append(UnsafeRawBufferPointer(start: pointer, count: 16))
            }
            for id in fresh[next...] { writer.uuid(id) }
        }
    }
}

/// The byte order of UUIDs that sealed ids and effects are sorted in.
enum UUIDBytes {
    /// `memcmp` of `id`'s 16 bytes with the 16 bytes at `pointer`.
    static func compare(_ id: UUID, _ pointer: UnsafeRawPointer) -> Int32 {
        withUnsafeBytes(of: id.uuid) { key in
            guard let keyPointer = key.baseAddress else { return 0 }
            return memcmp(keyPointer, pointer, 16)
        }
    }

    /// Whether `lhs`'s bytes sort before `rhs`'s.
    static func precedes(_ lhs: UUID, _ rhs: UUID) -> Bool {
        withUnsafeBytes(of: rhs.uuid) { key in
            guard let pointer = key.baseAddress else { return false }
            return compare(lhs, pointer) < 0
        }
    }
}
