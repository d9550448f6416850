import Foundation

/// Every amount taken out of a lot (``InventoryState/consumptionHistory``): the records a checkpoint sealed,
/// decoded when a view first reads them, and the records appended since.
struct ConsumptionLog: Sendable, Equatable {
    private(set) var sealed: SealedHistory?
    private(set) var added: [ConsumptionRecord]
    /// The line of history this part belongs to.
    private(set) var lineage = HistoryLineage()

    /// No records.
    init() {
        sealed = nil
        added = []
    }

    /// The records of an array.
    init(_ records: [ConsumptionRecord]) {
        sealed = nil
        added = records
    }

    /// The records a checkpoint sealed, and those appended after them.
    init(sealed: SealedHistory, appending later: [ConsumptionRecord] = []) {
        self.sealed = sealed
        added = later
    }

    /// This part with the records `written` holds sealed in `sealed` (the checkpoint written of `written`), or
    /// `nil` when `written` is not an earlier state of this line.
    func resealed(_ sealed: SealedHistory, writtenFrom written: ConsumptionLog) -> ConsumptionLog? {
        guard lineage === written.lineage, added.count >= written.added.count, sealed.recordCount == written.count else { return nil }
        return ConsumptionLog(sealed: sealed, appending: Array(added[written.added.count...]))
    }

    var count: Int { (sealed?.recordCount ?? 0) + added.count }

    mutating func append(_ record: ConsumptionRecord) {
        added.append(record)
    }

    /// Visits the records newest first until `body` returns `false`; the sealed ones are decoded only when the
    /// walk reaches them.
    func walkBackward(_ body: (ConsumptionRecord) -> Bool) {
        for record in added.reversed() where !body(record) { return }
        guard let sealed else { return }
        for record in sealed.decodedRecords().reversed() where !body(record) { return }
    }

    /// Every record, in fold order (decodes the sealed ones on first use).
    var all: [ConsumptionRecord] {
        guard let sealed else { return added }
        return sealed.decodedRecords() + added
    }

    static func == (lhs: ConsumptionLog, rhs: ConsumptionLog) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.sealed === rhs.sealed, lhs.added == rhs.added { return true }
        return lhs.all == rhs.all
    }

    /// Writes the records' count, their bytes' length and the records, each framed by its length: the sealed ones
    /// copied as they are when their strings are numbered by `atoms` (they were sealed by `base`), the added ones
    /// after them.
    func writeSealed(to writer: inout CheckpointByteWriter, atoms: inout CheckpointAtoms, base: SealedHistory?) {
        writer.uint32(UInt32(count))
        let lengthOffset = writer.count
        writer.uint32(0)
        var fresh = added
        if let sealed {
            if sealed === base {
                sealed.bytes.withUnsafeBytes { raw in
                    writer.append(UnsafeRawBufferPointer(rebasing: raw[sealed.recordsStart..<sealed.recordsEnd]))
                }
            } else {
                fresh = sealed.decodedRecords() + added
            }
        }
        for record in fresh {
            let frame = writer.count
            writer.uint32(0)
            CheckpointHistoryCoding.write(record, to: &writer, atoms: &atoms)
            writer.patchUInt32(UInt32(writer.count - frame - 4), at: frame)
        }
        writer.patchUInt32(UInt32(writer.count - lengthOffset - 4), at: lengthOffset)
    }
}
