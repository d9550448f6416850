import Logging

/// The replica's parts the application wires together: the folded states (``HouseholdReplicas``), the worker that
/// keeps them close behind pushes (``ReplicaWorker``, run as a service), and the views and snapshots built from them.
package struct HouseholdReplication: Sendable {
    /// The folded states, read by the views and the calendar feed.
    package let replicas: HouseholdReplicas
    /// Folds households after pushes and sweeps for ones behind; run it as a service of the application.
    package let worker: ReplicaWorker
    let views: HouseholdViewService
    let snapshots: SnapshotService

    /// The replica over the sync store's database.
    package init(store: PostgresSyncStore, service: SyncService, policy: HouseholdReplicas.Policy = .init(), logger: Logger) {
        replicas = HouseholdReplicas(store: store, policy: policy, logger: logger)
        worker = ReplicaWorker(replicas: replicas, store: store, logger: logger)
        views = HouseholdViewService(source: replicas, store: store, service: service)
        snapshots = SnapshotService(replicas: replicas, store: store, service: service)
    }
}
