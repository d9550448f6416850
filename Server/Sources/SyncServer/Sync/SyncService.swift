import Foundation
import Logging
import ProductModule
import SyncWire

/// The rules of the sync API: validation, authorization and the mapping of store errors to API errors.
///
/// Handlers decode and call one function here; this type calls the ``SyncStore`` and owns no transaction itself
/// (each store call is one transaction). Payloads are decoded into the kit's types by ``OperationValidator`` and
/// judged by ``ChangeRules`` inside the store's transaction.
package struct SyncService: Sendable {
    /// The storage port.
    package let store: any SyncStore
    /// Input bounds.
    package let limits: SyncLimits
    /// Failed authentications per peer.
    package let failedAuthentications: FailedAuthenticationLimiter
    /// Where pushes, pulls and refused authentications are counted.
    package let metrics: ServerMetrics

    /// Creates a service; `metrics` defaults to a registry of its own.
    package init(store: any SyncStore, limits: SyncLimits = SyncLimits(), metrics: ServerMetrics = ServerMetrics()) {
        self.store = store
        self.limits = limits
        self.metrics = metrics
        self.failedAuthentications = FailedAuthenticationLimiter(maxFailures: limits.maxFailedAuthenticationsPerMinute)
    }

    // MARK: - Authorization

    /// The device a token belongs to.
    ///
    /// Failed authentications are cost-bounded: a missing or malformed token is refused without a lookup, a
    /// well-formed one costs one hash and one index probe, and a peer that failed
    /// ``SyncLimits/maxFailedAuthenticationsPerMinute`` times is refused without a lookup until its minute ends.
    /// - Throws: ``APIError`` `unauthorized` when the token is missing, malformed, unknown or revoked, or the peer
    ///   is blocked; for a token that belonged to a device, `details.reason` says why (``TokenRefusal``).
    package func authenticate(_ token: BearerToken?, peer: String = "unknown") async throws -> AuthenticatedDevice {
        guard await failedAuthentications.beginAttempt(peer) else {
            metrics.recordAuthenticationFailure(.rateLimited)
            throw APIError(
                .unauthorized, "Too many failed authentications from this address; try again in a minute.",
                details: ["retryAfterSeconds": "60"])
        }
        let device: AuthenticatedDevice?
        do {
            device = if let token, token.isWellFormed { try await store.authenticate(token) } else { nil }
        } catch {
            await failedAuthentications.endAttempt(peer, failed: false)
            throw error
        }
        await failedAuthentications.endAttempt(peer, failed: device == nil)
        guard let device else {
            // A token that once worked learns why it no longer does; a guessed or malformed one learns nothing.
            guard let token, token.isWellFormed else {
                metrics.recordAuthenticationFailure(.missingOrMalformed)
                throw APIError.unauthorized
            }
            let refusal = (try? await store.refusal(of: token)) ?? .unknown
            metrics.recordAuthenticationFailure(AuthenticationFailureKind(refusal))
            switch refusal {
            case .unknown: throw APIError.unauthorized
            case .deviceRevoked:
                throw APIError(
                    .unauthorized, "This device's token was revoked; the household can give it a new one.",
                    details: ["reason": refusal.rawValue])
            case .householdErased:
                throw APIError(
                    .unauthorized, "This household was erased on the server; no token of it will work again.",
                    details: ["reason": refusal.rawValue])
            case .feedToken:
                throw APIError(
                    .unauthorized, "This is a calendar feed token; it reads only the household's calendar.ics.",
                    details: ["reason": refusal.rawValue])
            }
        }
        RequestScope.current?.identify(household: device.householdID, device: device.deviceID)
        return device
    }

    /// The household a path names, if the device may use it.
    /// - Throws: ``APIError`` `invalid_request` for a malformed id, `forbidden` for another household.
    package func authorize(_ device: AuthenticatedDevice, householdParameter: String) throws -> HouseholdID {
        guard let household = HouseholdID(householdParameter) else {
            throw APIError.invalidField("id", "The household id must be a UUID.")
        }
        guard household == device.householdID else { throw APIError.forbidden }
        return household
    }

    // MARK: - Push

    /// Validates each operation, stores the valid ones in one transaction and reports one result per operation.
    /// - Throws: ``APIError`` `invalid_request` for a batch that is too large or an `opId` that is not a UUID,
    ///   `not_found` when the household is gone.
    package func push(_ request: PushRequest, to household: HouseholdID) async throws -> PushResponse {
        try await push(PushBody(request), to: household)
    }

    /// The push of a body as the route reads it (payloads decoded by kind where possible); see the one above.
    func push(_ request: PushBody, to household: HouseholdID) async throws -> PushResponse {
        guard request.operations.count <= limits.maxOperationsPerPush else {
            throw APIError.invalidField(
                "operations",
                "A push may carry at most \(limits.maxOperationsPerPush) operations."
            )
        }
        let validator = OperationValidator(limits: limits, household: household)
        var results: [PushResult?] = []
        var pending: [PendingChange] = []
        var pendingIndices: [Int] = []
        for (index, operation) in request.operations.enumerated() {
            guard let opID = UUID(uuidString: operation.opId) else {
                throw APIError.invalidField("operations[\(index)].opId", "opId must be a UUID.")
            }
            switch validator.validate(operation, opID: opID) {
            case .failure(let error):
                results.append(PushResult(
                    opId: operation.opId, status: .rejected, code: error.code.rawValue, message: error.message))
            case .success(let change):
                results.append(nil)
                pending.append(change)
                pendingIndices.append(index)
            }
        }
        if !pending.isEmpty {
            let outcomes = try await mapStoreErrors { try await store.push(pending, to: household) }
            for (index, outcome) in zip(pendingIndices, outcomes) {
                results[index] = Self.result(outcome, opId: request.operations[index].opId)
            }
        }
        let response = PushResponse(results: results.compactMap { $0 })
        metrics.recordPush(operations: request.operations.count, results: response.results.map { PushedOperationResult($0.status) })
        return response
    }

    private static func result(_ outcome: StoreOutcome, opId: String) -> PushResult {
        switch outcome {
        case .applied(let seq): PushResult(opId: opId, status: .applied, seq: seq)
        case .duplicate(let seq): PushResult(opId: opId, status: .duplicate, seq: seq)
        case .conflict(let current):
            PushResult(
                opId: opId, status: .conflict, code: ErrorCode.conflict.rawValue,
                message: "The server holds another state of this entity; resolve and push again.", current: current)
        case .rejected(let reason):
            PushResult(opId: opId, status: .rejected, code: ErrorCode.invalidRequest.rawValue, message: reason)
        }
    }

    // MARK: - Pull

    /// One page of changes after a cursor.
    /// - Throws: ``APIError`` `invalid_request` for a bad `after` or `limit`, `resync_required` when the cursor is
    ///   ahead of the log, `not_found` when the household is gone.
    package func changes(
        of household: HouseholdID, after: String?, limit: String?, kinds: String? = nil
    ) async throws -> ChangesResponse<JSONFragment> {
        var kindFilter: [ChangeKind] = []
        if let kinds {
            for name in kinds.split(separator: ",", omittingEmptySubsequences: false) {
                guard let kind = ChangeKind(rawValue: String(name)) else {
                    throw APIError.invalidField(
                        "kinds", "kinds must be a comma-separated list of: \(ChangeKind.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                if !kindFilter.contains(kind) { kindFilter.append(kind) }
            }
        }
        var cursor: Int64 = 0
        if let after {
            guard let value = Int64(after), value >= 0 else {
                throw APIError.invalidField("after", "after must be a non-negative integer.")
            }
            cursor = value
        }
        var pageSize = limits.defaultPageSize
        if let limit {
            guard let value = Int(limit), value >= 1, value <= limits.maxPageSize else {
                throw APIError.invalidField("limit", "limit must be an integer from 1 to \(limits.maxPageSize).")
            }
            pageSize = value
        }
        let page = try await mapStoreErrors { try await store.changes(of: household, after: cursor, limit: pageSize, kinds: kindFilter) }
        metrics.recordPull(changes: page.changes.count)
        return ChangesResponse<JSONFragment>(changes: page.changes, cursor: page.changes.last?.seq ?? cursor, hasMore: page.hasMore)
    }

    // MARK: - Entities

    /// The server's current record of a product, tombstones included, as a pull serves it.
    /// - Throws: ``APIError`` `invalid_request` for an id the kit would not accept, `not_found` when the server
    ///   never held the product or the household is gone.
    package func product(of household: HouseholdID, id: String) async throws -> JSONFragment {
        guard (try? ProductID(id)) != nil else {
            throw APIError.invalidField("productId", "productId is not a valid product id.")
        }
        let stored = try await mapStoreErrors { try await store.entity(of: household, kind: .product, id: id) }
        guard let record = stored?.record else { throw APIError(.notFound, "The server holds no such product.") }
        return JSONFragment(verbatim: String(decoding: record, as: UTF8.self))
    }

    // MARK: - Erase

    /// Erases the household's changes and revokes its devices.
    /// - Throws: ``APIError`` `not_found` when the household is already gone.
    package func erase(_ household: HouseholdID) async throws {
        try await mapStoreErrors { try await store.erase(household) }
    }

    // MARK: - Health

    /// How long ``ready()`` waits for the database's answer.
    package static let readinessWait: Duration = .seconds(2)

    /// Whether the database answers within ``readinessWait``.
    ///
    /// The wait is bounded: while the database is down, the pool keeps trying to connect and a statement waits for
    /// it for a minute or more, and a readiness check must answer well within a load balancer's check timeout.
    /// - Throws: ``APIError`` `unavailable` (503) when the database does not answer in time or fails: not ready,
    ///   rather than broken, so a load balancer sends requests elsewhere until it answers.
    package func ready() async throws {
        let store = self.store
        let answered = await FirstAnswer.within(Self.readinessWait) { try await store.ping() }
        guard answered else {
            throw APIError(.unavailable, "The database is not reachable; send requests to another instance.")
        }
    }

    func mapStoreErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SyncStoreError {
            switch error {
            case .householdNotFound: throw APIError(.notFound, "No such household.")
            case .deviceNotFound: throw APIError(.notFound, "No such device.")
            case .feedNotFound: throw APIError(.notFound, "The household has no such calendar feed.")
            case .memberNotFound: throw APIError(.notFound, "The household has no such member.")
            case .cursorAhead(let after, let lastSeq):
                throw APIError(
                    .resyncRequired,
                    "The cursor is ahead of this household's log; drop local cursor and pull from 0.",
                    details: ["after": "\(after)", "lastSeq": "\(lastSeq)"]
                )
            case .cursorCompacted(let after, let compactedThrough):
                throw APIError(
                    .resyncRequired,
                    "Changes after this cursor were compacted; reconcile from a pull that starts at 0.",
                    details: ["after": "\(after)", "compactedThrough": "\(compactedThrough)"]
                )
            case .damagedRecord:
                throw error
            }
        }
    }
}
