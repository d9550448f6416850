import Foundation
import InventoryKit
import InventoryModule
import Testing

/// `StorageInventoryRemote` stores each appended entry with its sequence, written by hand; the bytes must be
/// `JSONEncoder`'s, so remotes filled before and after read the same.
@Suite("Storage remote entry JSON")
struct StorageInventoryRemoteEntryJSONTests {
    @Test("Appended entries of every operation, with any sequence, write JSONEncoder's bytes and read back equal")
    func handWrittenEntriesMatchJSONEncoder() throws {
        var generator = JournalEntryGenerator(seed: 2_027)
        let sequences: [Int64] = [0, 1, 42, .max, .min]
        var count = 0
        for round in 0..<20 {
            for kind in InventoryOperationKind.allCases {
                let sequence = round < sequences.count ? sequences[round] : Int64(round) * 7_919_000_003
                let stored = StorageInventoryRemote.Entry(entry: generator.entry(kind), sequence: sequence)
                let handWritten = try RecordCoding.encode(stored)
                let foundation = try RecordCoding.encodeWithFoundation(stored)
                #expect(
                    handWritten == foundation,
                    "\(kind) \(round):\n\(String(decoding: handWritten, as: UTF8.self))\n\(String(decoding: foundation, as: UTF8.self))")
                let decoded = try RecordCoding.decode(StorageInventoryRemote.Entry.self, from: handWritten)
                #expect(decoded.entry == stored.entry && decoded.sequence == sequence)
                count += 1
            }
        }
        #expect(count == 20 * InventoryOperationKind.allCases.count)
    }
}
