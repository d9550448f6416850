import Foundation
import InventorySync

/// The compact forms of the history a checkpoint seals (``SealedHistory``): a transaction's effect and a
/// consumption record, each written field by field — strings by their number in the checkpoint's
/// ``CheckpointAtoms`` — and read back through the type's initializer (a field added to either type does not
/// compile until it is written and read here too).
enum CheckpointHistoryCoding {
    // MARK: - Transaction effects

    /// Writes an effect without its transaction id (the effect index holds it).
    static func write(_ effect: TransactionEffect, to writer: inout CheckpointByteWriter, atoms: inout CheckpointAtoms) {
        writer.date(effect.firstOrderKey.recordedAt)
        atoms.write(effect.firstOrderKey.replicaID.rawValue, to: &writer)
        writer.uuid(effect.firstOrderKey.entryID)
        writer.varint(UInt64(effect.operations.count))
        for operation in effect.operations { atoms.write(operation.rawValue, to: &writer) }
        writer.varint(UInt64(effect.entryIDs.count))
        for id in effect.entryIDs { writer.uuid(id) }
        for lots in [effect.createdLots, effect.changedLots, effect.mergedIntoLots, effect.countedLots] {
            writer.varint(UInt64(lots.count))
            for lot in lots.sorted() { atoms.write(lot.rawValue, to: &writer) }
        }
    }

    /// Reads the effect of transaction `id`.
    static func readEffect(
        _ id: TransactionID, _ reader: inout CheckpointByteReader, atoms: [String]
    ) throws(CheckpointFormatError) -> TransactionEffect {
        let key = InventoryJournalOrderKey(
            recordedAt: try reader.date(), replicaID: ReplicaID(rawValue: try reader.atom(atoms)), entryID: try reader.uuid())
        var effect = TransactionEffect(transactionID: id, firstOrderKey: key)
        for _ in 0..<(try reader.count()) {
            guard let kind = InventoryOperationKind(rawValue: try reader.atom(atoms)) else { throw .malformed("an operation kind") }
            effect.operations.append(kind)
        }
        for _ in 0..<(try reader.count()) { effect.entryIDs.append(try reader.uuid()) }
        effect.createdLots = try readLots(&reader, atoms)
        effect.changedLots = try readLots(&reader, atoms)
        effect.mergedIntoLots = try readLots(&reader, atoms)
        effect.countedLots = try readLots(&reader, atoms)
        guard reader.isAtEnd else { throw .malformed("bytes after an effect") }
        return effect
    }

    private static func readLots(_ reader: inout CheckpointByteReader, _ atoms: [String]) throws(CheckpointFormatError) -> Set<LotID> {
        let count = try reader.count()
        var lots = Set<LotID>(minimumCapacity: count)
        for _ in 0..<count { lots.insert(try id(LotID.self, &reader, atoms)) }
        return lots
    }

    // MARK: - Consumption records

    static func write(_ record: ConsumptionRecord, to writer: inout CheckpointByteWriter, atoms: inout CheckpointAtoms) {
        writer.uuid(record.entryID)
        writer.uuid(record.transactionID.rawValue)
        atoms.write(record.productID.rawValue, to: &writer)
        atoms.write(record.lotID.rawValue, to: &writer)
        writer.decimal(record.amount)
        atoms.write(record.unit.rawValue, to: &writer)
        atoms.write(record.locationID.rawValue, to: &writer)
        if let price = record.price {
            writer.byte(1)
            writer.decimal(price)
        } else {
            writer.byte(0)
        }
        atoms.write(record.reason.rawValue, to: &writer)
        writer.date(record.at)
    }

    static func readRecord(_ reader: inout CheckpointByteReader, atoms: [String]) throws(CheckpointFormatError) -> ConsumptionRecord {
        let entryID = try reader.uuid()
        let transactionID = TransactionID(try reader.uuid())
        let productID = try id(ProductReference.self, &reader, atoms)
        let lotID = try id(LotID.self, &reader, atoms)
        let amount = try reader.decimal()
        let unit = try id(UnitID.self, &reader, atoms)
        let locationID = try id(LocationID.self, &reader, atoms)
        let price: Decimal? =
            switch try reader.byte() {
            case 0: nil
            case 1: try reader.decimal()
            default: throw CheckpointFormatError.malformed("a price tag")
            }
        guard let reason = ConsumptionReason(rawValue: try reader.atom(atoms)) else { throw .malformed("a consumption reason") }
        let record = ConsumptionRecord(
            entryID: entryID, transactionID: transactionID, productID: productID, lotID: lotID, amount: amount,
            unit: unit, locationID: locationID, price: price, reason: reason, at: try reader.date())
        guard reader.isAtEnd else { throw .malformed("bytes after a consumption record") }
        return record
    }

    // MARK: - Parts

    private static func id<ID: InventoryStringID>(
        _ type: ID.Type, _ reader: inout CheckpointByteReader, _ atoms: [String]
    ) throws(CheckpointFormatError) -> ID {
        guard let id = ID(rawValue: try reader.atom(atoms)) else { throw .malformed("an invalid \(ID.kind) id") }
        return id
    }
}
