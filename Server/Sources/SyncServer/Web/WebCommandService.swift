import Foundation
import HTTPTypes
import InventoryKit
import InventoryModule
import InventorySync
import NIOConcurrencyHelpers

/// Carries out a member's action from the web as the same `InventoryCommand` a device would perform.
///
/// The command is decided with the kit's own rules (`InventoryCommandHandler`) against the replica's state folded
/// through the household's head, and its journal entries are appended under the household's lock only if the
/// head has not moved since (otherwise the state is folded again and the command decided again, a few times at
/// most): the web's commands behave as if run one at a time with every push. The entries are authored by the
/// replica `web:<member id>` (a Grocy API call's by `grocy:<device id>`: the ``CommandAuthor``), so every device
/// pulls them and can undo them.
///
/// One form submission is one command: the form's `submission` UUID is the entries' idempotency key, and the ids
/// of the entries (their op ids), the transaction, lots and items are derived from it. A double submit or a
/// browser's retry finds the key in the state (the kit decides no entries) or the op ids in the log (the store
/// answers `duplicate`): it books once.
struct WebCommandService: Sendable {
    /// What became of a command.
    enum Outcome: Sendable, Equatable {
        /// The command's entries were appended; the log reached `seq`.
        case booked(seq: Int64)
        /// The submission had already booked (a double submit or a retry).
        case alreadyBooked
    }

    /// Why the web refused a command.
    enum Refusal: Error, Sendable, Equatable {
        /// The kit's rules refused it; the message is the kit's.
        case rules(String)
        /// The household kept changing while the command was decided.
        case busy

        /// The sentence a page shows.
        var message: String {
            switch self {
            case .rules(let message): message
            case .busy: "The household is changing fast right now; nothing was booked. Try again."
            }
        }

        /// The page's status: `422` for a refusal of the rules, `503` when the household never stood still.
        var status: HTTPResponse.Status {
            switch self {
            case .rules: .unprocessableContent
            case .busy: .serviceUnavailable
            }
        }
    }

    let source: any HouseholdViewSource
    let store: PostgresSyncStore
    let service: SyncService
    let worker: ReplicaWorker?
    /// The household's commands of this process, one at a time.
    let turns = HouseholdTurns()
    /// Decisions tried before giving up when pushes keep landing in between.
    var attempts = 5
    var now: @Sendable () -> Date = { Date() }

    /// Decides `command` for `session`'s household and appends its entries.
    /// - Throws: ``Refusal`` when the kit's rules refuse the command or the household never stood still;
    ///   ``APIError`` `not_found` when the household is gone.
    func perform(_ command: InventoryCommand, for session: some CommandAuthor, submission: UUID) async throws -> Outcome {
        try await perform(for: session, submission: submission) { _ in command }
    }

    /// Decides the command `make` builds from the folded state (a lot's product and unit, say) and appends its
    /// entries; `make` throws ``Refusal`` for what the state does not hold.
    /// `knownProducts` are products of the server's catalog the command may name beside those the state knows (a
    /// purchase of a product never stocked).
    ///
    /// `alongside` gives changes the command needs in the log with it (the product record of a product found on
    /// Open Food Facts): it is asked again at each decision, after the state is folded, and its changes go first
    /// in the command's push — one transaction, on the same expected head, so they land together with the
    /// command's entries or not at all. It throws ``Refusal`` for what the household's records do not allow.
    func perform(
        for session: some CommandAuthor, submission: UUID, knownProducts: Set<ProductReference> = [],
        alongside: (@Sendable () async throws -> [PendingChange])? = nil,
        _ make: @Sendable (InventoryState) throws(Refusal) -> InventoryCommand
    ) async throws -> Outcome {
        try await book(
            for: session, submission: submission, knownProducts: knownProducts, alongside: alongside, make
        ).outcome
    }

    /// A decided and appended command: what became of it, its journal entries (none when it had already booked)
    /// and the state they were decided against.
    struct Booking: Sendable {
        /// What became of the command.
        var outcome: Outcome
        /// The entries appended; empty when the submission had already booked.
        var entries: [InventoryJournalEntry]
        /// The household's folded state the command was decided against.
        var decidedAgainst: InventoryState
    }

    /// ``perform(for:submission:knownProducts:_:)`` that also answers the entries and the state they were decided
    /// against, for callers that report what was booked (the Grocy API's stock log rows).
    func book(
        for session: some CommandAuthor, submission: UUID, knownProducts: Set<ProductReference> = [],
        alongside: (@Sendable () async throws -> [PendingChange])? = nil,
        _ make: @Sendable (InventoryState) throws(Refusal) -> InventoryCommand
    ) async throws -> Booking {
        try await turns.run(session.householdID) {
            try await decideAndAppend(
                for: session, submission: submission, knownProducts: knownProducts, alongside: alongside, make)
        }
    }

    private func decideAndAppend(
        for session: some CommandAuthor, submission: UUID, knownProducts: Set<ProductReference>,
        alongside: (@Sendable () async throws -> [PendingChange])?,
        _ make: @Sendable (InventoryState) throws(Refusal) -> InventoryCommand
    ) async throws -> Booking {
        let household = session.householdID
        for _ in 0..<attempts {
            let view = try await service.mapStoreErrors { try await source.view(of: household, atLeast: nil) }
            let command = try make(view.state)
            let context = Self.context(
                for: session, submission: submission, state: view.state, now: now(), knownProducts: knownProducts)
            let entries: [InventoryJournalEntry]
            do {
                entries = try InventoryCommandHandler.decide(command, in: view.state, context: context)
            } catch {
                throw Refusal.rules(Self.sentence(error.description))
            }
            guard !entries.isEmpty else {
                return Booking(outcome: .alreadyBooked, entries: [], decidedAgainst: view.state)
            }
            // Read after the fold: anything written since moves the head, and the push below is then refused.
            let first = try await alongside?() ?? []
            let changes = first + entries.map { entry in
                PendingChange(opID: entry.id, entityID: OperationValidator.canonical(entry.id), content: .journal(entry))
            }
            let outcomes: [StoreOutcome]
            do {
                outcomes = try await service.mapStoreErrors {
                    try await store.push(changes, to: household, expectingHead: view.seq)
                }
            } catch is HeadMoved {
                continue
            }
            worker?.nudge(household)
            var last: Int64?
            var duplicates = 0
            for outcome in outcomes {
                switch outcome {
                case .applied(let seq): last = max(last ?? seq, seq)
                case .duplicate: duplicates += 1
                case .conflict, .rejected: throw Refusal.rules("The server refused the change.")
                }
            }
            if let last { return Booking(outcome: .booked(seq: last), entries: entries, decidedAgainst: view.state) }
            if duplicates == outcomes.count {
                return Booking(outcome: .alreadyBooked, entries: [], decidedAgainst: view.state)
            }
        }
        throw Refusal.busy
    }

    /// The decision's context: the member's replica, the submission as correlation and idempotency key, and ids
    /// derived from the submission (the n-th id a decision asks for is UUIDv5 of the submission and n).
    static func context(
        for session: some CommandAuthor, submission: UUID, state: InventoryState, now: Date,
        knownProducts: Set<ProductReference> = []
    ) -> InventoryCommandContext {
        let counter = NIOLockedValueBox(0)
        // Products the state holds lots of, and those of over-draws: a count that settles an over-draw names a
        // product whose stock may be gone.
        // Products with settings too: a product's settings page names a product whose stock may be gone.
        let known = Set(state.lots.values.map(\.productID)).union(state.overdrawHistory.map(\.productID))
            .union(state.productSettings.keys).union(knownProducts)
        return InventoryCommandContext(
            householdID: InventoryModule.HouseholdID(session.householdID.rawValue), now: now,
            replicaID: ReplicaID(session.replicaName), correlationID: CorrelationID(rawValue: submission),
            idempotencyKey: IdempotencyKey(submission),
            makeUUID: {
                let index = counter.withLockedValue { value in
                    defer { value += 1 }
                    return value
                }
                return InventoryIDGenerator.uuidV5(namespace: submission, name: "web-\(index)")
            },
            knownProducts: known)
    }

    /// The kit's message as a sentence: capitalized, with a full stop.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let capitalized = first.uppercased() + message.dropFirst()
        return capitalized.hasSuffix(".") ? capitalized : capitalized + "."
    }
}
