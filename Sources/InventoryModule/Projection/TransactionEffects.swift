import Foundation

/// What each folded transaction did (``InventoryState/transactions``): the effects a checkpoint sealed, each
/// decoded when it is looked up, and the effects created or changed since, which take precedence.
///
/// Folding looks up one transaction at a time (a binary search in the checkpoint's bytes when it is not in
/// ``added``); undo dependencies and ``all`` decode every sealed effect once.
struct TransactionEffects: Sendable, Equatable {
    private(set) var sealed: SealedHistory?
    private(set) var added: [TransactionID: TransactionEffect]
    /// The transactions whose effect was set, in order (a transaction set twice in a row is listed once).
    private(set) var touched: [TransactionID] = []
    /// The line of history this part belongs to.
    private(set) var lineage = HistoryLineage()

    /// No effects.
    init() {
        sealed = nil
        added = [:]
    }

    /// The effects of a dictionary.
    init(_ effects: [TransactionID: TransactionEffect]) {
        sealed = nil
        added = effects
    }

    /// The effects a checkpoint sealed.
    init(sealed: SealedHistory) {
        self.sealed = sealed
        added = [:]
    }

    /// This part with the effects `written` holds sealed in `sealed` (the checkpoint written of `written`), or
    /// `nil` when `written` is not an earlier state of this line. The effects set since `written` stay added —
    /// and the last one set before it, which a repeated set right after it does not list again.
    func resealed(_ sealed: SealedHistory, writtenFrom written: TransactionEffects) -> TransactionEffects? {
        guard lineage === written.lineage, touched.count >= written.touched.count else { return nil }
        var resealed = TransactionEffects(sealed: sealed)
        let since = written.touched.count
        for id in touched[max(0, since - 1)...] where resealed.added[id] == nil {
            guard let effect = added[id] else { return nil }
            resealed.added[id] = effect
            resealed.touched.append(id)
        }
        return resealed
    }

    /// The effect of a transaction. Setting one keeps it in ``added``; removing a sealed one decodes them all.
    subscript(id: TransactionID) -> TransactionEffect? {
        get { added[id] ?? sealed?.effect(id) }
        set {
            if let newValue {
                added[id] = newValue
                if touched.last != id { touched.append(id) }
            } else if sealed?.containsEffect(id) == true {
                var effects = all
                effects[id] = nil
                self = TransactionEffects(effects)
            } else if added.removeValue(forKey: id) != nil {
                self = TransactionEffects(added)
            }
        }
    }

    /// How many transactions have an effect.
    var count: Int {
        guard let sealed else { return added.count }
        return sealed.effectCount + added.keys.count(where: { !sealed.containsEffect($0) })
    }

    /// Every effect (decodes the sealed ones on first use).
    var all: [TransactionID: TransactionEffect] {
        guard let sealed else { return added }
        return sealed.decodedEffects().merging(added) { _, new in new }
    }

    static func == (lhs: TransactionEffects, rhs: TransactionEffects) -> Bool {
        if lhs.sealed === rhs.sealed, lhs.added == rhs.added { return true }
        return lhs.all == rhs.all
    }

    /// Writes the effects' count, their index sorted by transaction id, the bodies' length and the bodies: sealed
    /// bodies copied as they are when their strings are numbered by `atoms` (they were sealed by `base`), added
    /// ones encoded.
    func writeSealed(to writer: inout CheckpointByteWriter, atoms: inout CheckpointAtoms, base: SealedHistory?) {
        if let sealed, sealed !== base {
            TransactionEffects(all).writeSealed(to: &writer, atoms: &atoms, base: base)
            return
        }
        var bodies = CheckpointByteWriter()
        var index: [(id: UUID, offset: Int, length: Int)] = []
        index.reserveCapacity(added.count + (sealed?.effectCount ?? 0))
        let fresh = added.values.sorted { UUIDBytes.precedes($0.transactionID.rawValue, $1.transactionID.rawValue) }
        func writeFresh(_ effect: TransactionEffect) {
            let start = bodies.count
            CheckpointHistoryCoding.write(effect, to: &bodies, atoms: &atoms)
            index.append((effect.transactionID.rawValue, start, bodies.count - start))
        }
        var next = 0
        if let sealed {
            sealed.bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                for position in 0..<sealed.effectCount {
                    let entry = sealed.indexStart + position * SealedHistory.indexStride
                    let id = UUID(uuid: raw.loadUnaligned(fromByteOffset: entry, as: uuid_t.self))
                    while next < fresh.count, UUIDBytes.compare(fresh[next].transactionID.rawValue, base + entry) < 0 {
                        writeFresh(fresh[next])
                        next += 1
                    }
                    if added[TransactionID(id)] != nil { continue }
                    let offset = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: entry + 16, as: UInt32.self)))
                    let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: entry + 20, as: UInt32.self)))
                    let start = bodies.count
                    bodies.append(UnsafeRawBufferPointer(rebasing: raw[(sealed.bodiesStart + offset)..<(sealed.bodiesStart + offset + length)]))
                    index.append((id, start, length))
                }
            }
        }
        for effect in fresh[next...] { writeFresh(effect) }
        writer.uint32(UInt32(index.count))
        for entry in index {
            writer.uuid(entry.id)
            writer.uint32(UInt32(entry.offset))
            writer.uint32(UInt32(entry.length))
        }
        writer.uint32(UInt32(bodies.count))
        bodies.bytes.withUnsafeBytes { writer.append($0) }
    }
}
