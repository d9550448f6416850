import SyncWire

/// The storage port of the sync server: households, devices and the per-household change log.
///
/// Implementers must guarantee:
/// - ``push(_:to:)`` stores a batch atomically, assigns sequence numbers in commit order without gaps, and treats
///   an op id already stored for the household as a duplicate (never stores it twice);
/// - ``changes(of:after:limit:kinds:)`` never skips a change that a later page could return (cursor safety);
/// - every read and write is scoped by household.
package protocol SyncStore: Sendable {
    /// Whether the database answers.
    /// - Throws: the driver's error when it does not.
    func ping() async throws

    /// Creates a household and its sequence counter.
    /// - Throws: the driver's error.
    func createHousehold(name: String) async throws -> HouseholdID

    /// Registers a device with a fresh token; the token is returned once and only its hash is stored.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)`` when the household is missing or erased.
    func addDevice(to household: HouseholdID) async throws -> (DeviceID, BearerToken)

    /// Revokes a device; its token stops working at once.
    /// - Throws: ``SyncStoreError/deviceNotFound(_:)`` when no such device exists.
    func revokeDevice(_ device: DeviceID) async throws

    /// The live device whose token hash matches, if any.
    /// - Throws: the driver's error.
    func authenticate(_ token: BearerToken) async throws -> AuthenticatedDevice?

    /// Why a token that ``authenticate(_:)`` refused is refused: revoked, its household erased, or unknown.
    /// Default: ``TokenRefusal/unknown``.
    /// - Throws: the driver's error.
    func refusal(of token: BearerToken) async throws -> TokenRefusal

    /// Stores a batch in order; one outcome per change.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)``; nothing is stored when anything throws.
    func push(_ changes: [PendingChange], to household: HouseholdID) async throws -> [StoreOutcome]

    /// Up to `limit` changes with `seq > after`, in `seq` order; only changes of `kinds` when it is not empty.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)``, ``SyncStoreError/cursorAhead(after:lastSeq:)``.
    func changes(of household: HouseholdID, after: Int64, limit: Int, kinds: [ChangeKind]) async throws -> ChangePage

    /// The current state of an entity of the household, tombstones included; `nil` when it never held it.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)``.
    func entity(of household: HouseholdID, kind: ChangeKind, id: String) async throws -> StoredEntity?

    /// Deletes the household's changes, revokes its devices and marks it erased.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)`` when missing or already erased.
    func erase(_ household: HouseholdID) async throws
}

// MARK: - Default implementations

extension SyncStore {
    /// Says nothing more than that the token is refused.
    package func refusal(of token: BearerToken) async throws -> TokenRefusal { .unknown }
}
