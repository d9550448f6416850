import PostgresNIO

extension SchemaMigrations {
    /// `append_new_journal_entries`: a push of journal entries that were all new when it read them appends them
    /// in one statement, which takes the household's lock, checks that none of the op ids and entries came in
    /// meanwhile, appends the rows after the head and moves it — so the lock is held for that statement and its
    /// transaction's `COMMIT`, not across the reads and the judging (``PostgresSyncStore``'s `appendIfNew`).
    ///
    /// Each statement of a PL/pgSQL function sees what committed before it started, so the checks after the
    /// lock see every push that held the lock before. It answers the head before the rows (row `n` of the
    /// arrays gets `head + n`), `-1` when something the push named is there now (nothing written), or `NULL`
    /// when the household is unknown or erased.
    static let appendJournalFunction = Migration(
        name: "0009_append_new_journal_entries",
        statements: [
            """
            CREATE FUNCTION append_new_journal_entries(
                h uuid, op_ids uuid[], entity_ids text[], payloads text[]
            ) RETURNS bigint LANGUAGE plpgsql
            -- Planned for each call's arrays: the generic plan PL/pgSQL caches after five calls looked every
            -- array element up by scanning the household's rows (measured under `server.load`).
            SET plan_cache_mode = force_custom_plan
            AS $$
            DECLARE
                head bigint;
            BEGIN
                SELECT last_seq INTO head FROM household_seq WHERE household_id = h FOR UPDATE;
                IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM households WHERE id = h AND erased_at IS NULL) THEN
                    RETURN NULL;
                END IF;
                IF EXISTS (SELECT 1 FROM changes WHERE household_id = h AND op_id = ANY(op_ids))
                    OR EXISTS (SELECT 1 FROM operations WHERE household_id = h AND op_id = ANY(op_ids))
                    OR EXISTS (
                        SELECT 1 FROM changes
                        WHERE household_id = h AND kind = 'journal' AND entity_id = ANY(entity_ids))
                THEN
                    RETURN -1;
                END IF;
                INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
                SELECT h, head + t.n, t.o, 'journal', t.e, t.p::jsonb
                FROM unnest(op_ids, entity_ids, payloads) WITH ORDINALITY AS t(o, e, p, n);
                UPDATE household_seq SET last_seq = head + cardinality(op_ids) WHERE household_id = h;
                RETURN head;
            END
            $$
            """,
        ]
    )
}
