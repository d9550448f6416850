/// Who asked for a sync pass, which decides what it pushes: an automatic pass honours each change's retry backoff;
/// a pass a person or an app asks for pushes every waiting change now.
///
/// Backoff spaces out the retries nobody asked for — after each write, in a service's retry loop, on a timer — so
/// that many devices coming back online do not hammer the remote. When a person taps "Sync now" (or runs a sync
/// command) after the remote is back, waiting out each change's delay would leave changes behind
/// and make them ask again; an ``explicit`` pass pushes them all in one go.
///
/// ```swift
/// try await catalog.syncPending()                      // automatic: changes whose retry is due
/// try await catalog.syncPending(trigger: .explicit)    // "Sync now": every waiting change
/// ```
///
/// Neither trigger touches quarantine: a quarantined change stays quarantined until it is requeued.
public enum SyncTrigger: Hashable, Sendable {
    /// A pass nobody asked for (after a write, the retry loop, a timer): it pushes only the changes whose retry is
    /// due, so failed pushes wait out their ``RetryPolicy`` backoff.
    case automatic
    /// A pass a person or an app asked for: it pushes every waiting change that is not quarantined, whether or not
    /// its retry is due, each at most once in the pass. A change that fails again gets its next backoff as usual.
    case explicit
}
