import Foundation
import HTTPSync
import InventoryKit
import InventoryModule
import JSONFileStorage
import SQLiteStorage

/// What the chaos tests read besides `pantry`'s own output: the devices' journals, the server's change log through
/// the API, and the server's operation table through `psql`.
enum ChaosEvidence {
    /// One change of the server's log, as `GET /v1/…/changes` returns it.
    struct ServerChange: Hashable {
        var seq: Int64
        var opID: String
        var kind: String
        var entityID: String
    }

    /// The ids of a device's journal entries of `household`, in journal order (read from its store; the device's
    /// processes must have ended).
    static func journalEntryIDs(of device: PantryDevice) async throws -> (journal: [String], snapshot: Set<String>) {
        let store = device.folder.appendingPathComponent("store")
        let household = HouseholdID(device.household)
        switch device.store {
        case "json":
            let storage = try await JSONFileStorage(root: store)
            do {
                let held = try await heldEntryIDs(of: household, in: StorageInventoryStore(storage: storage))
                await storage.close()
                return held
            } catch {
                await storage.close()
                throw error
            }
        default:
            let storage = try SQLiteStorage(path: store.appendingPathComponent("pantry.sqlite").path)
            defer { try? storage.close() }
            return try await heldEntryIDs(of: household, in: SQLiteInventoryStore(storage: storage))
        }
    }

    /// The entry ids of the household's journal in a store, and those of the snapshot it joined from (none when it
    /// pulled everything): together, every entry the device holds.
    static func heldEntryIDs(of household: HouseholdID, in store: any InventoryJournalStore) async throws
        -> (journal: [String], snapshot: Set<String>)
    {
        let journal = try await store.entries(of: household).map { $0.id.uuidString.lowercased() }
        guard let floor = try await store.snapshotFloor(of: household), let checkpoint = try await store.checkpoint(floor.mark) else {
            return (journal, [])
        }
        return (journal, Set(try checkpoint.state().appliedEntryIDs.map { $0.uuidString.lowercased() }))
    }

    /// Every change of the household's log, pulled page by page through the API with a device's token.
    static func serverChanges(server: URL, household: UUID, token: String) async throws -> [ServerChange] {
        let client = HTTPSyncClient(configuration: try HTTPSyncConfiguration(server: server, household: household, token: token))
        var changes: [ServerChange] = []
        var cursor: Int64 = 0
        while true {
            let answer = try await client.get(
                ["changes"], query: [URLQueryItem(name: "after", value: String(cursor)), URLQueryItem(name: "limit", value: "1000")])
            guard let page = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
                let rows = page["changes"] as? [[String: Any]], let next = (page["cursor"] as? NSNumber)?.int64Value
            else { throw EvidenceError.unreadable("a page of changes: \(String(decoding: answer.body, as: UTF8.self).prefix(500))") }
            for row in rows {
                guard let seq = (row["seq"] as? NSNumber)?.int64Value, let opID = row["opId"] as? String,
                    let kind = row["kind"] as? String, let entity = row["entityId"] as? String
                else { throw EvidenceError.unreadable("a change: \(row)") }
                changes.append(ServerChange(seq: seq, opID: opID.lowercased(), kind: kind, entityID: entity.lowercased()))
            }
            guard page["hasMore"] as? Bool == true, next > cursor else { return changes }
            cursor = next
        }
    }

    /// The number of rows of `table` (`operations`, `changes`) for the household, through `psql`.
    static func rowCount(_ table: String, household: UUID, databaseURL: String) throws -> Int {
        try count("SELECT count(*) FROM \(table) WHERE household_id = '\(household.uuidString.lowercased())'", databaseURL: databaseURL)
    }

    /// The number a `SELECT count(*) …` statement answers, through `psql`.
    static func count(_ statement: String, databaseURL: String) throws -> Int {
        let bin = ProcessInfo.processInfo.environment["POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin + "/psql")
        process.arguments = [
            "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", databaseURL, "-c", statement,
        ]
        let captured = try process.runCapturingOutput()
        let text = captured.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard captured.status == 0, let count = Int(text) else {
            throw EvidenceError.unreadable("psql \(statement): \(text) \(captured.error)")
        }
        return count
    }

    /// `text` parsed as JSON and printed again with sorted keys: two outputs compare equal when their values do.
    static func canonicalJSON(_ text: String) -> String {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        else { return "unreadable JSON: " + text }
        return String(decoding: data, as: UTF8.self)
    }

    /// A decoded JSON value printed with sorted keys.
    static func canonicalJSON(from value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
            return "\(value)"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Why evidence could not be read.
    enum EvidenceError: Error, CustomStringConvertible {
        case unreadable(String)

        var description: String {
            switch self {
            case .unreadable(let what): "cannot read \(what)"
            }
        }
    }
}
