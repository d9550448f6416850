import PostgresNIO

/// The server's schema, as an ordered list of migrations. Every table is keyed by `household_id` first.
public enum SchemaMigrations {
    /// All migrations, in the order they apply.
    public static let all: [Migration] = [createHouseholdsAndDevices, createChanges]

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
}
