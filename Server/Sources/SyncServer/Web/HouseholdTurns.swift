/// Takes turns per household: the web's commands of one household run one at a time in this process, in the
/// order they arrived, while other households' run concurrently.
///
/// Without it, overlapping submissions would all decide against the same folded state and all but one would
/// find the head moved and decide again; with it, only a device's push landing in between makes a command decide
/// again (``WebCommandService``).
actor HouseholdTurns {
    private var busy: Set<HouseholdID> = []
    private var waiting: [HouseholdID: [CheckedContinuation<Void, Never>]] = [:]

    /// Runs `body` when it is the household's turn.
    func run<T: Sendable>(_ household: HouseholdID, _ body: @Sendable () async throws -> T) async throws -> T {
        await begin(household)
        do {
            let value = try await body()
            end(household)
            return value
        } catch {
            end(household)
            throw error
        }
    }

    private func begin(_ household: HouseholdID) async {
        guard busy.contains(household) else {
            busy.insert(household)
            return
        }
        // The turn passes straight to this waiter in `end`: `busy` stays set for it.
        await withCheckedContinuation { waiting[household, default: []].append($0) }
    }

    private func end(_ household: HouseholdID) {
        if var queue = waiting[household], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[household] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            busy.remove(household)
        }
    }
}
