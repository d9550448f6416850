import PostgresNIO

extension SchemaMigrations {
    /// `append_new_journal_entries`: a push of journal entries that were all new when it read them appends them
    /// with one `CALL` of this procedure, which takes the household's lock, checks that none of the op ids and
    /// entries came in meanwhile, appends the rows after the head, moves it and commits — so the lock is held only
    /// while the database runs it, never across a round trip to the server (``PostgresSyncStore``'s `appendIfNew`).
    ///
    /// It commits itself, before its answer is sent: a statement run alone is answered before its implicit commit
    /// at the protocol's `Sync`, and a push must never be acknowledged before its rows are committed. It is called
    /// outside any transaction (a procedure may commit only then). Each of its statements sees what committed
    /// before it started, so the checks after the lock see every push that held the lock before. Its `head` is the
    /// head before the rows (row `n` of the arrays gets `head + n`), `-1` when something the push named is there
    /// now (nothing written), or `NULL` when the household is unknown or erased.
    static let appendJournalProcedure = Migration(
        name: "0009_append_new_journal_entries",
        statements: [
            """
            CREATE PROCEDURE append_new_journal_entries(
                h uuid, op_ids uuid[], entity_ids text[], payloads text[], INOUT head bigint DEFAULT NULL
            ) LANGUAGE plpgsql AS $$
            BEGIN
                -- Planned for each call's arrays: the generic plan PL/pgSQL caches after five calls looked every
                -- array element up by scanning the household's rows (measured under `server.load`).
                SET LOCAL plan_cache_mode = force_custom_plan;
                SELECT last_seq INTO head FROM household_seq WHERE household_id = h FOR UPDATE;
                IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM households WHERE id = h AND erased_at IS NULL) THEN
                    head := NULL;
                    RETURN;
                END IF;
                -- Each op id and entry looked up in an index, whatever the household's history: `= ANY` on
                -- `entity_id` (the third column of `changes_entity`) or on `operations` was planned as a scan of the
                -- household's rows (20 ms a call at 100 000 entries); a lateral lookup with a limit is not.
                IF EXISTS (SELECT 1 FROM changes WHERE household_id = h AND op_id = ANY(op_ids))
                    OR EXISTS (
                        SELECT 1 FROM unnest(op_ids) AS t(o), LATERAL (
                            SELECT 1 FROM operations p WHERE p.household_id = h AND p.op_id = t.o LIMIT 1) AS x)
                    OR EXISTS (
                        SELECT 1 FROM unnest(entity_ids) AS t(e), LATERAL (
                            SELECT 1 FROM changes c
                            WHERE c.household_id = h AND c.kind = 'journal' AND c.entity_id = t.e LIMIT 1) AS x)
                THEN
                    head := -1;
                    RETURN;
                END IF;
                INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
                SELECT h, head + t.n, t.o, 'journal', t.e, t.p::jsonb
                FROM unnest(op_ids, entity_ids, payloads) WITH ORDINALITY AS t(o, e, p, n);
                UPDATE household_seq SET last_seq = head + cardinality(op_ids) WHERE household_id = h;
                -- Committed here, before the answer is sent: the device is told `applied` only for rows that are.
                COMMIT;
            END
            $$
            """,
        ]
    )
}

extension SchemaMigrations {
    /// `append_new_journal_entries` again, with every check an index lookup whatever plan it runs under: the op
    /// ids in `changes` are now looked up element by element as the entries and `operations` were, so the
    /// procedure no longer plans its statements on every call (`plan_cache_mode = force_custom_plan` planned all
    /// seven statements of each push again, most of them while the household's lock was held). Its plans are
    /// PL/pgSQL's cached ones: each lookup names every column of a unique or covering index, so the generic plan
    /// is an index probe per element and does not depend on how many rows the household's statistics claim.
    /// Same arguments, same answers (see ``appendJournalProcedure``).
    static let appendJournalCachedPlans = Migration(
        name: "0010_append_new_journal_entries_cached_plans",
        statements: [
            """
            CREATE OR REPLACE PROCEDURE append_new_journal_entries(
                h uuid, op_ids uuid[], entity_ids text[], payloads text[], INOUT head bigint DEFAULT NULL
            ) LANGUAGE plpgsql AS $$
            BEGIN
                SELECT last_seq INTO head FROM household_seq WHERE household_id = h FOR UPDATE;
                IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM households WHERE id = h AND erased_at IS NULL) THEN
                    head := NULL;
                    RETURN;
                END IF;
                IF EXISTS (
                        SELECT 1 FROM unnest(op_ids) AS t(o), LATERAL (
                            SELECT 1 FROM changes c WHERE c.household_id = h AND c.op_id = t.o LIMIT 1) AS x)
                    OR EXISTS (
                        SELECT 1 FROM unnest(op_ids) AS t(o), LATERAL (
                            SELECT 1 FROM operations p WHERE p.household_id = h AND p.op_id = t.o LIMIT 1) AS x)
                    OR EXISTS (
                        SELECT 1 FROM unnest(entity_ids) AS t(e), LATERAL (
                            SELECT 1 FROM changes c
                            WHERE c.household_id = h AND c.kind = 'journal' AND c.entity_id = t.e LIMIT 1) AS x)
                THEN
                    head := -1;
                    RETURN;
                END IF;
                INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
                SELECT h, head + t.n, t.o, 'journal', t.e, t.p::jsonb
                FROM unnest(op_ids, entity_ids, payloads) WITH ORDINALITY AS t(o, e, p, n);
                UPDATE household_seq SET last_seq = head + cardinality(op_ids) WHERE household_id = h;
                COMMIT;
            END
            $$
            """,
        ]
    )
}
