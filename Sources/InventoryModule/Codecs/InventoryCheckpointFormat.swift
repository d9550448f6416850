import Foundation

/// The binary form of a checkpointed ``InventoryState``: the live state, compact, and the history sealed so that
/// opening never decodes it (``SealedHistory``).
///
/// Layout: the magic bytes `IKCP` and a version byte; a 64-bit checksum of everything after it; the live state
/// (every stored property but the history) as one ``CheckpointValueEncoder`` value framed by its length; then the
/// sealed history (its strings, entry ids, effects and consumption records; see ``SealedHistory``). Checkpoints written before this form are JSON (`RecordCoding`) and still decode, through
/// ``InventoryCheckpoint/state()``; the first checkpoint written after them is binary.
enum InventoryCheckpointFormat {
    static let magic: [UInt8] = Array("IKCP".utf8)
    /// The layout's version. 2: due dates are calendar days (`"YYYY-MM-DD"`) and households carry a time zone;
    /// a version 1 checkpoint (due dates as instants) is refused as another version, so the keeper folds the
    /// journal again and writes a version 2 checkpoint. 3: a purchase merges into a lot only when their notes are
    /// equal; a version 2 checkpoint may hold a lot merged across notes, so it is refused and the journal folded
    /// again under the current rule. 4: a transaction's effect holds the lots its corrections counted
    /// (``TransactionEffect/countedLots``), which block undoing the transactions that produced them; a version 3
    /// checkpoint has none, so it is refused and the journal folded again. 5: the live state holds the over-draws
    /// and their settlements (``InventoryState/overdrawHistory``); a version 4 checkpoint has none, so it is
    /// refused and the journal folded again.
    static let version: UInt8 = 5

    /// Whether `data` is in this form (a JSON checkpoint starts with `{`).
    static func matches(_ data: Data) -> Bool {
        data.count > magic.count && data.prefix(magic.count).elementsEqual(magic)
    }

    // MARK: - Encoding

    /// The bytes of `state`.
    ///
    /// - Parameter canonical: write the history afresh instead of copying what the checkpoint the state was opened
    ///   from sealed, so the string table is numbered by first use and equal states give equal bytes (the live
    ///   part always is: dictionaries and sets are written in key order). A checkpoint write copies (faster); the
    ///   property tests compare canonical bytes with the full fold's.
    /// - Throws: `EncodingError` when a value of the live state does not encode.
    static func encode(_ state: InventoryState, canonical: Bool = false) throws -> Data {
        let live = try CheckpointValueEncoder.encode(LiveState(state))
        // The strings keep the numbers of the checkpoint the state was opened from, whose bodies are copied as
        // they are; a part sealed by another one is written afresh.
        let base = canonical ? nil : state.effects.sealed ?? state.consumption.sealed
        var atoms = CheckpointAtoms((try? base?.atoms()) ?? [])
        let reuse = base.flatMap { (try? $0.atoms()) != nil ? $0 : nil }
        var effects = CheckpointByteWriter(capacity: state.effects.count * 72)
        state.effects.writeSealed(to: &effects, atoms: &atoms, base: reuse)
        var records = CheckpointByteWriter(capacity: state.consumption.count * 64)
        state.consumption.writeSealed(to: &records, atoms: &atoms, base: reuse)
        var strings = CheckpointByteWriter(capacity: atoms.strings.count * 20)
        atoms.write(to: &strings)

        var writer = CheckpointByteWriter(
            capacity: 64 + live.count + strings.count + state.entryLog.count * 16 + effects.count + records.count)
        writer.append(magic)
        writer.byte(version)
        writer.uint64(0)
        let checked = writer.count
        live.withUnsafeBytes { writer.append($0) }
        writer.uint32(UInt32(atoms.strings.count))
        writer.uint32(UInt32(strings.count))
        strings.bytes.withUnsafeBytes { writer.append($0) }
        state.entryLog.writeSealed(to: &writer)
        effects.bytes.withUnsafeBytes { writer.append($0) }
        records.bytes.withUnsafeBytes { writer.append($0) }
        var bytes = writer.bytes
        let sum = bytes.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[checked...])) }
        withUnsafeBytes(of: sum.littleEndian) { raw in
            for index in 0..<8 { bytes[checked - 8 + index] = raw[index] }
        }
        return Data(bytes)
    }

    // MARK: - Decoding

    /// The state `data` holds: the live state decoded, the history sealed.
    ///
    /// - Throws: ``CheckpointFormatError`` or `DecodingError` when the bytes are damaged or of another version.
    static func decode(_ data: Data) throws -> InventoryState {
        let bytes = data
        return try bytes.withUnsafeBytes { raw in
            var reader = CheckpointByteReader(raw)
            let magicStart = try reader.skip(magic.count)
            guard raw[magicStart..<magicStart + magic.count].elementsEqual(magic) else {
                throw CheckpointFormatError.malformed("no magic")
            }
            guard try reader.byte() == version else { throw CheckpointFormatError.malformed("another version") }
            let sum = try reader.uint64()
            guard checksum(UnsafeRawBufferPointer(rebasing: raw[reader.position...])) == sum else {
                throw CheckpointFormatError.malformed("a checksum mismatch")
            }
            let liveStart = reader.position
            guard let liveLength = try reader.framed() else { throw CheckpointFormatError.malformed("no live state") }
            let liveEnd = try reader.skip(liveLength) + liveLength
            let live = try CheckpointValueDecoder.decode(
                LiveState.self, from: UnsafeRawBufferPointer(rebasing: raw[liveStart..<liveEnd]))
            let sealed = try SealedHistory(bytes: bytes, reader: &reader)
            guard reader.isAtEnd else { throw CheckpointFormatError.malformed("bytes after the history") }
            return live.state(sealing: sealed)
        }
    }

    /// The sealed history of bytes this form just wrote (the layout checked, nothing decoded), or `nil`: the live
    /// state and the checksum are skipped — the writer has the state, and a decode of its live part (every lot and
    /// idempotency key) for each checkpoint written would cost more than the history's layout check.
    static func sealedHistory(of data: Data) -> SealedHistory? {
        try? data.withUnsafeBytes { raw throws(CheckpointFormatError) -> SealedHistory? in
            var reader = CheckpointByteReader(raw)
            let magicStart = try reader.skip(magic.count)
            guard raw[magicStart..<magicStart + magic.count].elementsEqual(magic), try reader.byte() == version else {
                return nil
            }
            _ = try reader.uint64()
            guard let liveLength = try reader.framed() else { return nil }
            _ = try reader.skip(liveLength)
            let sealed = try SealedHistory(bytes: data, reader: &reader)
            return reader.isAtEnd ? sealed : nil
        }
    }

    /// A 64-bit checksum of `bytes`: four multiply-xor lanes over 32-byte blocks, folded together, then the
    /// remaining bytes one at a time (about as fast as the bytes can be read).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4, prime, ~prime)
        guard let base = bytes.baseAddress else { return lanes.0 }
        let count = bytes.count
        var offset = 0
        while offset + 32 <= count {
            lanes.0 = (lanes.0 ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            lanes.1 = (lanes.1 ^ base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* prime
            lanes.2 = (lanes.2 ^ base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* prime
            lanes.3 = (lanes.3 ^ base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* prime
            lanes.0 = (lanes.0 << 31) | (lanes.0 >> 33)
            lanes.1 = (lanes.1 << 29) | (lanes.1 >> 35)
            lanes.2 = (lanes.2 << 27) | (lanes.2 >> 37)
            lanes.3 = (lanes.3 << 25) | (lanes.3 >> 39)
            offset += 32
        }
        var hash = (lanes.0 &* 3) ^ (lanes.1 &* 5) ^ (lanes.2 &* 7) ^ (lanes.3 &* 11) ^ UInt64(count)
        while offset < count {
            hash = (hash ^ UInt64(base.load(fromByteOffset: offset, as: UInt8.self))) &* prime
            offset += 1
        }
        return hash ^ (hash >> 29)
    }
}

extension CheckpointByteWriter {
    fileprivate mutating func append(_ raw: [UInt8]) {
        raw.withUnsafeBytes { append($0) }
    }
}

/// Every stored property of a state but its history, as the binary form encodes it.
private struct LiveState: Codable {
    var households: [HouseholdID: Household]
    var locations: [LocationID: StorageLocation]
    var units: [UnitID: QuantityUnit]
    var conversions: [UnitConversionKey: UnitConversion]
    var productSettings: [ProductReference: ProductStockSettings]
    var lots: LotTable
    var lotAliases: [LotID: LotID]
    var shoppingListItems: [ShoppingListItemID: ShoppingListItem]
    var undoneTransactions: Set<TransactionID>
    var idempotencyResults: [IdempotencyKey: TransactionID]
    var anomalies: [InventoryAnomaly]
    var lastAppliedOrderKey: InventoryJournalOrderKey?
    var overdrawHistory: [Overdraw]
    var overdrawSettlements: [UUID: OverdrawSettlement]

    init(_ state: InventoryState) {
        households = state.households
        locations = state.locations
        units = state.units
        conversions = state.conversions
        productSettings = state.productSettings
        lots = state.lotTable
        lotAliases = state.lotAliases
        shoppingListItems = state.shoppingListItems
        undoneTransactions = state.undoneTransactions
        idempotencyResults = state.idempotencyResults
        anomalies = state.anomalies
        lastAppliedOrderKey = state.lastAppliedOrderKey
        overdrawHistory = state.overdrawHistory
        overdrawSettlements = state.overdrawSettlements
    }

    func state(sealing sealed: SealedHistory) -> InventoryState {
        var state = InventoryState()
        state.households = households
        state.locations = locations
        state.units = units
        state.conversions = conversions
        state.productSettings = productSettings
        state.lotTable = lots
        state.lotAliases = lotAliases
        state.shoppingListItems = shoppingListItems
        state.undoneTransactions = undoneTransactions
        state.idempotencyResults = idempotencyResults
        state.anomalies = anomalies
        state.lastAppliedOrderKey = lastAppliedOrderKey
        state.overdrawHistory = overdrawHistory
        state.overdrawSettlements = overdrawSettlements
        state.entryLog = AppliedEntryIDs(sealed: sealed)
        state.effects = TransactionEffects(sealed: sealed)
        state.consumption = ConsumptionLog(sealed: sealed)
        return state
    }
}
