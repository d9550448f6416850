import Foundation
import Logging

/// The rules of the sync API: validation, authorization and the mapping of store errors to API errors.
///
/// Handlers decode and call one function here; this type calls the ``SyncStore`` and owns no transaction itself
/// (each store call is one transaction). In this slice journal entries and products are opaque JSON objects;
/// product conflict rules (the kit's `ProductConflictResolver`) are not applied yet.
public struct SyncService: Sendable {
    /// The storage port.
    public let store: any SyncStore
    /// Input bounds.
    public let limits: SyncLimits

    /// Creates a service.
    public init(store: any SyncStore, limits: SyncLimits = SyncLimits()) {
        self.store = store
        self.limits = limits
    }

    // MARK: - Authorization

    /// The device a token belongs to.
    /// - Throws: ``APIError`` `unauthorized` when the token is missing, malformed, unknown or revoked.
    public func authenticate(_ token: BearerToken?) async throws -> AuthenticatedDevice {
        guard let token, token.isWellFormed else { throw APIError.unauthorized }
        guard let device = try await store.authenticate(token) else { throw APIError.unauthorized }
        return device
    }

    /// The household a path names, if the device may use it.
    /// - Throws: ``APIError`` `invalid_request` for a malformed id, `forbidden` for another household.
    public func authorize(_ device: AuthenticatedDevice, householdParameter: String) throws -> HouseholdID {
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
    public func push(_ request: PushRequest, to household: HouseholdID) async throws -> PushResponse {
        guard request.operations.count <= limits.maxOperationsPerPush else {
            throw APIError.invalidField(
                "operations",
                "A push may carry at most \(limits.maxOperationsPerPush) operations."
            )
        }
        var results: [PushResponse.Result?] = []
        var pending: [PendingChange] = []
        var pendingIndices: [Int] = []
        for (index, operation) in request.operations.enumerated() {
            guard let opID = UUID(uuidString: operation.opId) else {
                throw APIError.invalidField("operations[\(index)].opId", "opId must be a UUID.")
            }
            switch validate(operation) {
            case .failure(let error):
                results.append(
                    PushResponse.Result(
                        opId: operation.opId,
                        status: .rejected,
                        code: error.code.rawValue,
                        message: error.message
                    )
                )
            case .success(let kind):
                results.append(nil)
                pending.append(
                    PendingChange(
                        opID: opID,
                        kind: kind,
                        entityID: operation.entityId,
                        payloadJSON: try operation.payload.jsonText()
                    )
                )
                pendingIndices.append(index)
            }
        }
        if !pending.isEmpty {
            let outcomes = try await mapStoreErrors { try await store.push(pending, to: household) }
            for (index, outcome) in zip(pendingIndices, outcomes) {
                let opID = request.operations[index].opId
                switch outcome {
                case .applied(let seq): results[index] = PushResponse.Result(opId: opID, status: .applied, seq: seq)
                case .duplicate(let seq): results[index] = PushResponse.Result(opId: opID, status: .duplicate, seq: seq)
                }
            }
        }
        return PushResponse(results: results.compactMap { $0 })
    }

    /// The kind of a valid operation, or why it is rejected.
    func validate(_ operation: PushRequest.Operation) -> Result<ChangeKind, APIError> {
        guard let kind = ChangeKind(rawValue: operation.kind) else {
            return .failure(APIError(.invalidRequest, "kind must be one of: journal, product."))
        }
        let entityBytes = operation.entityId.utf8.count
        guard entityBytes > 0, entityBytes <= limits.maxEntityIDBytes else {
            return .failure(
                APIError(.invalidRequest, "entityId must be 1 to \(limits.maxEntityIDBytes) bytes long.")
            )
        }
        guard !operation.entityId.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(APIError(.invalidRequest, "entityId must not contain control characters."))
        }
        guard case .object = operation.payload else {
            return .failure(APIError(.invalidRequest, "payload must be a JSON object."))
        }
        return .success(kind)
    }

    // MARK: - Pull

    /// One page of changes after a cursor.
    /// - Throws: ``APIError`` `invalid_request` for a bad `after` or `limit`, `resync_required` when the cursor is
    ///   ahead of the log, `not_found` when the household is gone.
    public func changes(of household: HouseholdID, after: String?, limit: String?) async throws -> ChangesResponse {
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
        let page = try await mapStoreErrors { try await store.changes(of: household, after: cursor, limit: pageSize) }
        return ChangesResponse(changes: page.changes, cursor: page.changes.last?.seq ?? cursor, hasMore: page.hasMore)
    }

    // MARK: - Erase

    /// Erases the household's changes and revokes its devices.
    /// - Throws: ``APIError`` `not_found` when the household is already gone.
    public func erase(_ household: HouseholdID) async throws {
        try await mapStoreErrors { try await store.erase(household) }
    }

    // MARK: - Health

    /// Whether the database answers.
    /// - Throws: ``APIError`` `internal` with a message saying the database is not ready.
    public func ready() async throws {
        do {
            try await store.ping()
        } catch {
            throw APIError(.internal, "The database is not reachable.")
        }
    }

    private func mapStoreErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SyncStoreError {
            switch error {
            case .householdNotFound: throw APIError(.notFound, "No such household.")
            case .deviceNotFound: throw APIError(.notFound, "No such device.")
            case .cursorAhead(let after, let lastSeq):
                throw APIError(
                    .resyncRequired,
                    "The cursor is ahead of this household's log; drop local cursor and pull from 0.",
                    details: ["after": "\(after)", "lastSeq": "\(lastSeq)"]
                )
            }
        }
    }
}
