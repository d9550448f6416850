import NIOConcurrencyHelpers

/// The Grocy API's integer ids (``GrocyIDKind``) with a cache in front of `grocy_ids`: a row never changes once
/// written, so what this process has seen is answered without a query (Home Assistant asks for the same products
/// every 30 seconds).
///
/// The cache holds at most ``capacity`` ids; past it, it starts over (the table stays the truth).
final class GrocyIDTable: Sendable {
    private struct Key: Hashable {
        var household: HouseholdID
        var kind: GrocyIDKind
        var key: String
    }

    private struct Number: Hashable {
        var household: HouseholdID
        var id: Int32
    }

    private struct Cache {
        var ids: [Key: Int32] = [:]
        var keys: [Number: Key] = [:]
    }

    let store: PostgresSyncStore
    /// The most ids the cache holds before it is emptied.
    let capacity: Int
    private let cache = NIOLockedValueBox(Cache())

    init(store: PostgresSyncStore, capacity: Int = 200_000) {
        self.store = store
        self.capacity = capacity
    }

    /// The ids of `keys`, allocated on first sight.
    func ids(of kind: GrocyIDKind, _ keys: some Sequence<String>, in household: HouseholdID) async throws
        -> [String: Int32]
    {
        var found: [String: Int32] = [:]
        var missing: [String] = []
        cache.withLockedValue { cache in
            for key in keys {
                if let id = cache.ids[Key(household: household, kind: kind, key: key)] {
                    found[key] = id
                } else {
                    missing.append(key)
                }
            }
        }
        guard !missing.isEmpty else { return found }
        let allocated = try await store.grocyIDs(of: household, kind: kind, keys: missing)
        remember(allocated, kind: kind, household: household)
        return found.merging(allocated) { first, _ in first }
    }

    /// The id of one key, allocated on first sight.
    func id(of kind: GrocyIDKind, _ key: String, in household: HouseholdID) async throws -> Int32 {
        guard let id = try await ids(of: kind, [key], in: household)[key] else {
            throw GrocyRefusal.internalInconsistency("no id was allocated for a \(kind.rawValue)")
        }
        return id
    }

    /// The key an id names, or `nil` when it names no `kind` of the household.
    func key(of kind: GrocyIDKind, id: Int32, in household: HouseholdID) async throws -> String? {
        let cached = cache.withLockedValue { cache in cache.keys[Number(household: household, id: id)] }
        if let cached { return cached.kind == kind ? cached.key : nil }
        guard let key = try await store.grocyKey(of: household, kind: kind, id: id) else { return nil }
        remember([key: id], kind: kind, household: household)
        return key
    }

    private func remember(_ ids: [String: Int32], kind: GrocyIDKind, household: HouseholdID) {
        cache.withLockedValue { cache in
            if cache.ids.count + ids.count > capacity { cache = Cache() }
            for (key, id) in ids {
                let entry = Key(household: household, kind: kind, key: key)
                cache.ids[entry] = id
                cache.keys[Number(household: household, id: id)] = entry
            }
        }
    }
}
