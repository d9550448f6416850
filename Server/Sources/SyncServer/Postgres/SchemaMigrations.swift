import PostgresNIO

/// The server's schema, as an ordered list of migrations. Every table is keyed by `household_id` first.
package enum SchemaMigrations {
    /// All migrations, in the order they apply.
    package static let all: [Migration] = [
        createHouseholdsAndDevices, createChanges, addEntitiesAndOperations, keepJournalStateInChanges,
        canonicalEntityIDs, householdReplicas, feedTokens, membersAndSessions, appendJournalProcedure,
        appendJournalCachedPlans, memberInviters, grocyIDs,
    ]

    /// The integer ids the Grocy API (``GrocyRoutes``) names our records by: allocated on first sight from one
    /// sequence, so an id is below 2^31, never reused (a burned number stays a gap) and stable across restarts.
    /// Keyed by household first like every table (an id is unique within its household; the one sequence makes it
    /// unique in the database too). Kept on the server only (devices never see them); erasing a household deletes
    /// its rows.
    static let grocyIDs = Migration(
        name: "0012_grocy_ids",
        statements: [
            "CREATE SEQUENCE grocy_id_seq AS integer MINVALUE 1 NO CYCLE",
            """
            CREATE TABLE grocy_ids (
                household_id uuid NOT NULL REFERENCES households(id),
                kind text NOT NULL,
                key text NOT NULL,
                id integer NOT NULL DEFAULT nextval('grocy_id_seq'),
                PRIMARY KEY (household_id, kind, key),
                UNIQUE (household_id, id)
            )
            """,
        ]
    )

    /// Who invited a member, as the invitation named them (`MemberCreationRequest.invitedBy`); `NULL` for members
    /// invited before, or by a sender who gave no name.
    static let memberInviters = Migration(
        name: "0011_member_inviters",
        statements: ["ALTER TABLE members ADD COLUMN invited_by text"]
    )

    /// Households, their devices and the per-household sequence counter.
    static let createHouseholdsAndDevices = Migration(
        name: "0001_households_devices",
        statements: [
            """
            CREATE TABLE households (
                id uuid PRIMARY KEY,
                name text NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now(),
                erased_at timestamptz
            )
            """,
            """
            CREATE TABLE devices (
                household_id uuid NOT NULL REFERENCES households(id),
                id uuid NOT NULL,
                token_hash bytea NOT NULL UNIQUE,
                created_at timestamptz NOT NULL DEFAULT now(),
                revoked_at timestamptz,
                PRIMARY KEY (household_id, id)
            )
            """,
            "CREATE UNIQUE INDEX devices_id ON devices (id)",
            """
            CREATE TABLE household_seq (
                household_id uuid PRIMARY KEY REFERENCES households(id),
                last_seq bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0)
            )
            """,
        ]
    )

    /// The change log that devices push to and pull from.
    static let createChanges = Migration(
        name: "0002_changes",
        statements: [
            """
            CREATE TABLE changes (
                household_id uuid NOT NULL REFERENCES households(id),
                seq bigint NOT NULL CHECK (seq > 0),
                op_id uuid NOT NULL,
                kind text NOT NULL CHECK (kind IN ('journal', 'product')),
                entity_id text NOT NULL,
                payload jsonb NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (household_id, seq),
                UNIQUE (household_id, op_id)
            )
            """,
        ]
    )

    /// The current state of each entity (for the kit's conflict rules and semantic uniqueness), the operations
    /// ever applied (idempotency that survives compaction), named entities in the log, and the compaction horizon.
    static let addEntitiesAndOperations = Migration(
        name: "0003_entities_operations_compaction",
        statements: [
            "ALTER TABLE changes DROP CONSTRAINT changes_kind_check",
            "ALTER TABLE changes ADD CONSTRAINT changes_kind_check CHECK (kind IN ('journal', 'product', 'namedEntity'))",
            """
            CREATE TABLE entities (
                household_id uuid NOT NULL REFERENCES households(id),
                kind text NOT NULL CHECK (kind IN ('journal', 'product', 'namedEntity')),
                entity_id text NOT NULL,
                record jsonb,
                live boolean NOT NULL,
                semantic_kind text,
                semantic_key text,
                last_op_id uuid NOT NULL,
                seq bigint NOT NULL,
                PRIMARY KEY (household_id, kind, entity_id),
                CHECK ((semantic_kind IS NULL) = (semantic_key IS NULL))
            )
            """,
            // Semantic uniqueness: one live named entity per household, kind and semantic key.
            """
            CREATE UNIQUE INDEX entities_semantic_key ON entities (household_id, semantic_kind, semantic_key)
            WHERE semantic_key IS NOT NULL
            """,
            """
            CREATE TABLE operations (
                household_id uuid NOT NULL REFERENCES households(id),
                op_id uuid NOT NULL,
                seq bigint NOT NULL,
                PRIMARY KEY (household_id, op_id)
            )
            """,
            "INSERT INTO operations (household_id, op_id, seq) SELECT household_id, op_id, seq FROM changes",
            """
            INSERT INTO entities (household_id, kind, entity_id, record, live, last_op_id, seq)
            SELECT DISTINCT ON (household_id, kind, entity_id) household_id, kind, entity_id,
                   CASE WHEN kind = 'journal' THEN NULL ELSE payload END, true, op_id, seq
            FROM changes ORDER BY household_id, kind, entity_id, seq DESC
            """,
            "ALTER TABLE households ADD COLUMN compacted_through bigint NOT NULL DEFAULT 0",
            "CREATE INDEX changes_entity ON changes (household_id, kind, entity_id, seq)",
        ]
    )

    /// A journal entry's state is its change row, and an op id that wrote a change row is recorded by that row
    /// only: a push of journal entries writes nothing but its change rows. Journal changes are never compacted,
    /// so duplicates are found in `changes` (its `(household, kind, entity)` index); compaction moves the op ids
    /// of the rows it removes into `operations`, which therefore holds the op ids without a change row.
    static let keepJournalStateInChanges = Migration(
        name: "0004_journal_state_in_changes",
        statements: [
            "DELETE FROM entities WHERE kind = 'journal'",
            "ALTER TABLE entities ADD CONSTRAINT entities_not_journal CHECK (kind <> 'journal')",
            """
            DELETE FROM operations o USING changes c
            WHERE c.household_id = o.household_id AND c.op_id = o.op_id
            """,
        ]
    )

    /// A journal entry's and a named entity's id has one spelling, the lower-case UUID (``OperationValidator``):
    /// ids stored as a device sent them are spelled so. A named entity stored under two spellings keeps the
    /// newer state under the canonical one; a journal entry stored twice keeps both change rows (devices fold
    /// an entry once by its id), now found as one entry by a later push.
    static let canonicalEntityIDs = Migration(
        name: "0005_canonical_entity_ids",
        statements: [
            """
            UPDATE changes SET entity_id = lower(entity_id)
            WHERE kind IN ('journal', 'namedEntity') AND entity_id <> lower(entity_id)
            """,
            """
            DELETE FROM entities e USING entities t
            WHERE e.kind = 'namedEntity' AND t.household_id = e.household_id AND t.kind = e.kind
              AND lower(t.entity_id) = lower(e.entity_id) AND t.entity_id <> e.entity_id AND t.seq > e.seq
            """,
            """
            UPDATE entities SET entity_id = lower(entity_id)
            WHERE kind = 'namedEntity' AND entity_id <> lower(entity_id)
            """,
        ]
    )

    /// The server-side replica (``HouseholdReplicas``): how far each household's journal is folded, and the folded
    /// states saved as the kit's checkpoints, so a restart or another instance folds only what came after.
    static let householdReplicas = Migration(
        name: "0006_household_replicas",
        statements: [
            """
            CREATE TABLE household_replicas (
                household_id uuid PRIMARY KEY REFERENCES households(id),
                projected_through_seq bigint NOT NULL,
                folded_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE replica_checkpoints (
                household_id uuid NOT NULL REFERENCES households(id),
                through_seq bigint NOT NULL,
                mark text NOT NULL,
                state bytea NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (household_id, through_seq)
            )
            """,
        ]
    )

    /// Read-only calendar feed tokens, per household and revocable, hashed as device tokens are
    /// (`PostgresSyncStore+Feeds.swift`).
    static let feedTokens = Migration(
        name: "0007_feed_tokens",
        statements: [
            """
            CREATE TABLE feed_tokens (
                household_id uuid NOT NULL REFERENCES households(id),
                id uuid NOT NULL,
                token_hash bytea NOT NULL UNIQUE,
                label text,
                created_at timestamptz NOT NULL DEFAULT now(),
                revoked_at timestamptz,
                PRIMARY KEY (household_id, id)
            )
            """,
        ]
    )

    /// The household's members on the web (``MemberService``): people, not devices. A member signs in with a
    /// one-time invitation, which opens a session; invitations and sessions are kept as SHA-256 hashes of their
    /// tokens, as device tokens are. A session's CSRF token is compared, never looked up.
    static let membersAndSessions = Migration(
        name: "0008_members_sessions",
        statements: [
            """
            CREATE TABLE members (
                household_id uuid NOT NULL REFERENCES households(id),
                id uuid NOT NULL,
                name text NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now(),
                revoked_at timestamptz,
                PRIMARY KEY (household_id, id)
            )
            """,
            "CREATE UNIQUE INDEX members_id ON members (id)",
            """
            CREATE TABLE member_invitations (
                token_hash bytea PRIMARY KEY,
                household_id uuid NOT NULL,
                member_id uuid NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now(),
                expires_at timestamptz NOT NULL,
                used_at timestamptz,
                FOREIGN KEY (household_id, member_id) REFERENCES members (household_id, id)
            )
            """,
            """
            CREATE TABLE web_sessions (
                token_hash bytea PRIMARY KEY,
                household_id uuid NOT NULL,
                member_id uuid NOT NULL,
                csrf_token text NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now(),
                expires_at timestamptz NOT NULL,
                revoked_at timestamptz,
                FOREIGN KEY (household_id, member_id) REFERENCES members (household_id, id)
            )
            """,
            "CREATE INDEX web_sessions_member ON web_sessions (household_id, member_id)",
        ]
    )
}
