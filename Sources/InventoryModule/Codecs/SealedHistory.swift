import Foundation

/// The history a state decoded from a binary checkpoint carries without decoding it: the ids of every entry it has
/// seen, the effects of its transactions and its consumption records, as the checkpoint's bytes hold them.
///
/// Opening a household reads these bytes and checks their layout, nothing more, so an open costs what the live
/// state costs, not what the history does. Folding asks only whether an entry id or a transaction is known — a
/// binary search over the sorted ids, and one effect decoded when it is — and appends to the history in memory
/// (``AppliedEntryIDs``, ``TransactionEffects``, ``ConsumptionLog``). The views and undo dependencies that need all
/// of an effect table or every record decode them once, on first use, and keep them.
///
/// Layout (every count and length a 4-byte little-endian integer): the strings the bodies refer to by number
/// (``CheckpointAtoms``); the entry ids, sorted by their bytes, 16 bytes each; the effect index — a transaction id
/// and its body's offset and length, sorted by id — and the effect bodies; the consumption records, each body
/// framed by its length, in fold order.
final class SealedHistory: @unchecked Sendable {
    // @unchecked: the bytes and ranges never change; the decoded caches are only touched under `lock`.
    let bytes: Data
    let atomCount: Int
    let atomsStart: Int
    let atomsEnd: Int
    let idsStart: Int
    let idCount: Int
    let indexStart: Int
    let effectCount: Int
    let bodiesStart: Int
    let recordsStart: Int
    let recordsEnd: Int
    let recordCount: Int

    private let lock = NSLock()
    private var cachedAtoms: [String]?
    private var cachedEffects: [TransactionID: TransactionEffect]?
    private var cachedRecords: [ConsumptionRecord]?

    static let indexStride = 24

    /// Reads the layout starting at `reader`'s position, checking that ids and the index are sorted and that every
    /// body lies inside the bytes.
    ///
    /// - Throws: ``CheckpointFormatError`` when they are not.
    init(bytes: Data, reader: inout CheckpointByteReader) throws(CheckpointFormatError) {
        self.bytes = bytes
        atomCount = try reader.length()
        let atomsLength = try reader.length()
        atomsStart = try reader.skip(atomsLength)
        atomsEnd = atomsStart + atomsLength
        guard atomCount <= atomsLength else { throw .malformed("more strings than bytes") }
        idCount = try reader.length()
        idsStart = try reader.skip(idCount * 16)
        effectCount = try reader.length()
        indexStart = try reader.skip(effectCount * Self.indexStride)
        let bodiesLength = try reader.length()
        bodiesStart = try reader.skip(bodiesLength)
        recordCount = try reader.length()
        let recordsLength = try reader.length()
        recordsStart = try reader.skip(recordsLength)
        recordsEnd = recordsStart + recordsLength
        let base = reader.base
        let idsStart = idsStart, idCount = idCount, indexStart = indexStart, effectCount = effectCount
        guard Self.isStrictlySorted(base, start: idsStart, count: idCount, stride: 16),
            Self.isStrictlySorted(base, start: indexStart, count: effectCount, stride: Self.indexStride)
        else { throw .malformed("unsorted ids") }
        for index in 0..<effectCount {
            let entry = indexStart + index * Self.indexStride + 16
            let offset = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: entry, as: UInt32.self)))
            let length = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: entry + 4, as: UInt32.self)))
            guard offset + length <= bodiesLength else { throw .truncated }
        }
    }

    private static func isStrictlySorted(_ base: UnsafeRawBufferPointer, start: Int, count: Int, stride: Int) -> Bool {
        guard count > 1, let pointer = base.baseAddress else { return true }
        for index in 1..<count where memcmp(pointer + start + (index - 1) * stride, pointer + start + index * stride, 16) >= 0 {
            return false
        }
        return true
    }

    // MARK: - Lookups

    /// The position of `id` among `count` sorted 16-byte keys `stride` bytes apart, or `nil`.
    private func search(_ id: UUID, start: Int, count: Int, stride: Int) -> Int? {
        withUnsafeBytes(of: id.uuid) { key in
            bytes.withUnsafeBytes { raw in
                guard let pointer = raw.baseAddress, let keyPointer = key.baseAddress else { return nil }
                var low = 0
                var high = count
                while low < high {
                    let middle = (low + high) / 2
                    let order = memcmp(pointer + start + middle * stride, keyPointer, 16)
                    if order == 0 { return middle }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    /// Whether the sealed ids hold `id`.
    func containsEntry(_ id: UUID) -> Bool {
        search(id, start: idsStart, count: idCount, stride: 16) != nil
    }

    /// Whether a sealed effect belongs to `id`.
    func containsEffect(_ id: TransactionID) -> Bool {
        search(id.rawValue, start: indexStart, count: effectCount, stride: Self.indexStride) != nil
    }

    /// The sealed effect of `id`, decoded.
    func effect(_ id: TransactionID) -> TransactionEffect? {
        guard let position = search(id.rawValue, start: indexStart, count: effectCount, stride: Self.indexStride) else {
            return nil
        }
        if let cached = lock.withLock({ cachedEffects?[id] }) { return cached }
        guard let atoms = try? self.atoms() else { return nil }
        return bytes.withUnsafeBytes { raw in
            var reader = bodyReader(raw, at: position)
            return try? CheckpointHistoryCoding.readEffect(id, &reader, atoms: atoms)
        }
    }

    /// The strings the bodies refer to, decoded once and kept.
    ///
    /// - Throws: ``CheckpointFormatError`` when they do not decode.
    func atoms() throws -> [String] {
        if let cached = lock.withLock({ cachedAtoms }) { return cached }
        let atoms = try bytes.withUnsafeBytes { raw in
            var reader = CheckpointByteReader(raw, from: atomsStart, to: atomsEnd)
            let atoms = try CheckpointAtoms.read(atomCount, from: &reader)
            guard reader.isAtEnd else { throw CheckpointFormatError.malformed("bytes after the strings") }
            return atoms
        }
        lock.withLock { cachedAtoms = atoms }
        return atoms
    }

    private func bodyReader(_ raw: UnsafeRawBufferPointer, at position: Int) -> CheckpointByteReader {
        let entry = indexStart + position * Self.indexStride + 16
        let offset = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: entry, as: UInt32.self)))
        let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: entry + 4, as: UInt32.self)))
        return CheckpointByteReader(raw, from: bodiesStart + offset, to: bodiesStart + offset + length)
    }

    // MARK: - Everything

    /// Every sealed entry id.
    var entryIDs: [UUID] {
        bytes.withUnsafeBytes { raw in
            (0..<idCount).map { UUID(uuid: raw.loadUnaligned(fromByteOffset: idsStart + $0 * 16, as: uuid_t.self)) }
        }
    }

    /// Every sealed effect, decoded once and kept.
    ///
    /// - Throws: ``CheckpointFormatError`` when a body does not decode.
    func effects() throws -> [TransactionID: TransactionEffect] {
        if let cached = lock.withLock({ cachedEffects }) { return cached }
        let atoms = try self.atoms()
        var effects: [TransactionID: TransactionEffect] = [:]
        effects.reserveCapacity(effectCount)
        try bytes.withUnsafeBytes { raw in
            for position in 0..<effectCount {
                let id = TransactionID(UUID(uuid: raw.loadUnaligned(fromByteOffset: indexStart + position * Self.indexStride, as: uuid_t.self)))
                var reader = bodyReader(raw, at: position)
                effects[id] = try CheckpointHistoryCoding.readEffect(id, &reader, atoms: atoms)
            }
        }
        lock.withLock { cachedEffects = effects }
        return effects
    }

    /// Every sealed consumption record, in fold order, decoded once and kept.
    ///
    /// - Throws: ``CheckpointFormatError`` when a body does not decode.
    func records() throws -> [ConsumptionRecord] {
        if let cached = lock.withLock({ cachedRecords }) { return cached }
        let atoms = try self.atoms()
        var records: [ConsumptionRecord] = []
        records.reserveCapacity(recordCount)
        try bytes.withUnsafeBytes { raw in
            var reader = CheckpointByteReader(raw, from: recordsStart, to: recordsEnd)
            for _ in 0..<recordCount {
                let length = try reader.length()
                var body = CheckpointByteReader(raw, from: try reader.skip(length), to: reader.position)
                records.append(try CheckpointHistoryCoding.readRecord(&body, atoms: atoms))
            }
        }
        lock.withLock { cachedRecords = records }
        return records
    }

    /// ``effects()``, or none when a body does not decode (the checkpoint's checksum matched, so it does).
    func decodedEffects() -> [TransactionID: TransactionEffect] {
        (try? effects()) ?? [:]
    }

    /// ``records()``, or none when a body does not decode (the checkpoint's checksum matched, so it does).
    func decodedRecords() -> [ConsumptionRecord] {
        (try? records()) ?? []
    }
}
