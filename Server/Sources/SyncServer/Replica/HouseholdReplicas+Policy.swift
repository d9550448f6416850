extension HouseholdReplicas {
    /// Tuning of the replica.
    package struct Policy: Sendable {
        /// Sequence numbers between two saved states of a household.
        package var checkpointInterval: Int64 = 1000
        /// Saved states kept per household.
        package var keptCheckpoints = 4
        /// Households whose folded state stays in memory (least recently read ones are dropped first).
        package var cachedHouseholds = 64
        /// Journal entries read per query.
        package var pageSize = 2000
        /// How far behind a household's head the journal entries this instance appended stay in memory after a
        /// fold (``AppendedJournal``), so refolds do not read and decode them again.
        package var appendedEntriesKept: Int64 = 16_384
        /// The journal entries that sort last, kept beside the fold of the others (``KeyedPrefix``) when it is made
        /// or moved forward: how far back in the journal's order a late arrival may sort and still refold only
        /// those, not the whole journal.
        package var prefixKeptEntries = 2_048
        /// The most entries kept beside that fold before it moves forward.
        package var prefixMaxEntries = 4_096
        /// How long ``HouseholdReplicas/view(of:atLeast:)`` waits for a `seq` not yet committed.
        package var atLeastWait: Duration = .seconds(5)

        /// The defaults.
        package init() {}
    }
}
