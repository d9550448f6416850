import Crypto
import Foundation
import InventoryKit
import InventoryModule

/// A SHA-256 over a set of inventory journal entries as `RecordCoding` encodes them, in the journal's total
/// order (so the order the entries were read in does not matter): two sides with equal digests hold the same
/// entries, byte for byte.
struct JournalDigest: Sendable, Equatable, CustomStringConvertible {
    let count: Int
    let digest: String

    init(_ entries: [InventoryJournalEntry]) throws {
        var hasher = SHA256()
        for entry in InventoryJournalEntry.ordered(entries) {
            let payload = try RecordCoding.encode(entry)
            withUnsafeBytes(of: UInt64(payload.count).littleEndian) { hasher.update(bufferPointer: $0) }
            hasher.update(data: payload)
        }
        count = entries.count
        digest = hasher.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    var description: String { "\(count) entries \(digest)" }
}

/// The journal digests each side of the inventory scenario left behind (the remote's journal, the second store's).
actor JournalDigests {
    private var digests: [Side: [JournalDigest]] = [:]

    func record(_ digest: JournalDigest, side: Side) {
        digests[side, default: []].append(digest)
    }

    /// Throws unless every measurement of both sides left exactly the `expected` entries.
    func verify(_ scenario: String, expected: JournalDigest) throws {
        let all = digests.values.flatMap { $0 }
        guard !all.isEmpty, all.allSatisfy({ $0 == expected }) else {
            throw BenchmarkError.mismatch(
                scenario: scenario,
                detail: "expected \(expected); ours \(digests[.ours] ?? []), baseline \(digests[.baseline] ?? [])")
        }
    }
}
