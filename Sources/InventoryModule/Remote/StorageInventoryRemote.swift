import Foundation
import InventoryKit
import InventorySync

/// An ``InventoryRemoteGateway`` kept in any `StorageProvider` — a shared folder, a second database — so devices
/// can sync household journals without a server.
///
/// Each entry is appended once (by id) with the next sequence of the feed, in the provider's domain metadata
/// (`remote-inventory-journal`); each push is one atomic `StorageProvider.commit`.
public actor StorageInventoryRemote: InventoryRemoteGateway {
    private static let journal: RecordCollection = "remote-inventory-journal"

    /// The storage the remote lives in.
    public nonisolated let storage: any StorageProvider
    /// Runs pushes one at a time (the actor is re-entrant at each of a push's reads and its commit).
    private let gate = SerialGate()

    /// Creates a remote on a provider.
    public init(storage: any StorageProvider) {
        self.storage = storage
    }

    /// Appends entries once each.
    ///
    /// The entries already appended are found with batched reads by id (``lookupBatchSize`` ids a read, their
    /// sequences taken from the indexed fields, no payload decoded), and the feed's last sequence with one query
    /// on the indexed `sequence` field, so a push costs O(batch) reads, not one read per entry. Meanwhile every
    /// entry's JSON is written; that and the stored records of the new entries are made in slices on every core
    /// (a duplicate's bytes are dropped). Pushes run one at a time: each reads the feed's last sequence and the
    /// appended ids, then commits, and an overlapping push must see what the one before it committed.
    public func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
        guard !entries.isEmpty else { return [] }
        return try await gate.run { try await append(entries) }
    }

    /// ``push(_:)``'s work, inside the gate.
    private func append(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
        async let encoding = Self.concurrentMap(entries) { try RecordCoding.encode($0) }
        var stored = try await appendedSequences(of: entries.map(\.id))
        var sequence = try await lastSequence()
        var appended: [(position: Int, sequence: Int64)] = []
        var results: [InventoryPushResult] = []
        results.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            if let known = stored[entry.id] {
                results.append(InventoryPushResult(entryID: entry.id, outcome: .applied(sequence: known)))
                continue
            }
            sequence += 1
            stored[entry.id] = sequence
            appended.append((position, sequence))
            results.append(InventoryPushResult(entryID: entry.id, outcome: .applied(sequence: sequence)))
        }
        let encoded = try await encoding
        var batch = StorageBatch()
        batch.domain = try await Self.concurrentMap(appended) { position, sequence in
            try RecordWrite.save(Entry(entry: entries[position], sequence: sequence, encodedEntry: encoded[position]))
        }
        if !batch.domain.isEmpty { try await storage.commit(batch) }
        return results
    }

    /// How many ids one read of ``push(_:)``'s duplicate check asks for.
    public static let lookupBatchSize = 500

    /// Elements per slice of ``concurrentMap(_:_:)``; at most one slice is mapped in the calling task.
    static let sliceSize = 1_024

    /// `transform` of each element, in order: the slices in child tasks, so on every core. The error of the first
    /// element that fails (by position) is thrown.
    private static func concurrentMap<Element: Sendable, Mapped: Sendable>(
        _ elements: [Element], _ transform: @escaping @Sendable (Element) throws -> Mapped
    ) async throws -> [Mapped] {
        guard elements.count > sliceSize else { return try elements.map(transform) }
        let starts = Array(stride(from: 0, to: elements.count, by: sliceSize))
        let slices = await withTaskGroup(of: (Int, Result<[Mapped], any Error>).self) { group in
            for (slice, start) in starts.enumerated() {
                let range = start..<min(start + sliceSize, elements.count)
                group.addTask { (slice, Result { try elements[range].map(transform) }) }
            }
            var slices = [Result<[Mapped], any Error>](repeating: .success([]), count: starts.count)
            for await (slice, mapped) in group { slices[slice] = mapped }
            return slices
        }
        return try slices.flatMap { try $0.get() }
    }

    /// The sequences of the entries among `ids` that are appended already.
    private func appendedSequences(of ids: [UUID]) async throws -> [UUID: Int64] {
        var byRecordID: [RecordID: UUID] = [:]
        for id in ids { byRecordID[RecordID(id)] = id }
        let recordIDs = Array(byRecordID.keys)
        var sequences: [UUID: Int64] = [:]
        for start in stride(from: 0, to: recordIDs.count, by: Self.lookupBatchSize) {
            let chunk = Array(recordIDs[start..<min(start + Self.lookupBatchSize, recordIDs.count)])
            for record in try await storage.domainMetadata.records(chunk, in: Self.journal) {
                guard let id = byRecordID[record.id] else { continue }
                if case .int(let sequence) = record[field: "sequence"] {
                    sequences[id] = sequence
                } else {
                    sequences[id] = try RecordCoding.decode(Entry.self, from: record.payload).sequence
                }
            }
        }
        return sequences
    }

    /// A household's entries appended after `cursor`.
    public func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch {
        let query = RecordQuery(
            filter: .and([.equals("household", .string(household.rawValue)), .greaterThan("sequence", .int(cursor ?? 0))]),
            sort: [.ascending("sequence")], limit: max(1, min(limit, RecordQuery.maximumLimit)))
        let page = try await storage.domainMetadata.query(Entry.self, query)
        return InventoryChangeBatch(
            entries: page.records.map(\.entry), cursor: page.records.last?.sequence ?? cursor, hasMore: page.nextCursor != nil)
    }

    private func lastSequence() async throws -> Int64 {
        let page = try await storage.domainMetadata.query(RecordQuery(sort: [.descending("sequence")], limit: 1), in: Self.journal)
        guard case .int(let sequence)? = page.records.first?[field: "sequence"] else { return 0 }
        return sequence
    }

    /// An appended entry as stored: the entry and its sequence in the feed.
    ///
    /// It writes its own JSON (``RecordJSONWritable``), the entry's bytes inside as ``push(_:)`` encoded them;
    /// `StorageInventoryRemoteEntryJSONTests` holds it to `JSONEncoder`'s bytes.
    package struct Entry: StorableRecord, RecordJSONWritable {
        package static let collection = StorageInventoryRemote.journal
        package var entry: InventoryJournalEntry
        package var sequence: Int64
        /// The entry's JSON, when it was written already.
        private var encodedEntry: Data?

        package var recordID: RecordID { RecordID(entry.id) }
        package var indexedFields: [String: FieldValue] {
            ["sequence": .int(sequence), "household": .string(entry.householdID.rawValue)]
        }

        /// Creates the stored form of an entry; `encodedEntry`, when given, must be `RecordCoding`'s bytes of it.
        package init(entry: InventoryJournalEntry, sequence: Int64, encodedEntry: Data? = nil) {
            self.entry = entry
            self.sequence = sequence
            self.encodedEntry = encodedEntry
        }

        private enum CodingKeys: String, CodingKey {
            case entry, sequence
        }

        package func write(to writer: inout RecordJSONWriter) throws {
            writer.beginObject()
            writer.member("entry")
            if let encodedEntry { writer.raw(encodedEntry) } else { try entry.write(to: &writer) }
            writer.member("sequence")
            writer.number(sequence)
            writer.endObject()
        }
    }
}
