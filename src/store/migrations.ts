import type { Database } from './database.ts';
import { RUN_STATES } from './run-states.ts';

const states = RUN_STATES.map((state) => `'${state}'`).join(', ');

/** Versioned schema migrations, applied in order, each once. Never edit a released one. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
      CREATE TABLE workspaces (
        id text PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE members (
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, email)
      );
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        secret_sha256 text NOT NULL,
        name text NOT NULL,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_workspace ON api_keys (workspace_id);
      CREATE TABLE connections (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('postgresql', 'mysql', 'odoo')),
        sample_slug text,
        description text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'active',
        credentials text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX connections_workspace ON connections (workspace_id, id);
      CREATE TABLE runs (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        connection_id integer NOT NULL,
        key_id text,
        prompt text NOT NULL,
        format text NOT NULL,
        status text NOT NULL CHECK (status IN (${states})),
        attempts integer NOT NULL DEFAULT 0,
        output jsonb,
        error jsonb,
        idempotency_key text,
        request_sha256 text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz,
        UNIQUE (workspace_id, idempotency_key)
      );
      CREATE INDEX runs_unfinished ON runs (workspace_id) WHERE status IN ('queued', 'running');
      CREATE TABLE prompt_ledger (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        amount integer NOT NULL CHECK (amount <> 0),
        reason text NOT NULL CHECK (reason IN ('trial', 'grant', 'charge')),
        run_id text UNIQUE REFERENCES runs (id),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX prompt_ledger_workspace ON prompt_ledger (workspace_id);
    `,
  },
  {
    version: 2,
    name: 'follow-up runs',
    // The run a follow-up refines; its question and stored logical query are read when the follow-up runs.
    sql: `
      ALTER TABLE runs ADD COLUMN previous_run_id text REFERENCES runs (id) ON DELETE SET NULL
    `,
  },
];

export async function migrate(db: Database): Promise<number> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  let applied = 0;
  for (const migration of MIGRATIONS) {
    const done = await db.transaction(async (tx) => {
      // Serialises concurrent migrators on a shared PostgreSQL server.
      await tx.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied += 1;
  }
  return applied;
}

/** Our migrations hold no semicolons inside literals, so a plain split is exact. */
function splitStatements(sql: string): string[] {
  return sql.split(';').map((statement) => statement.trim()).filter(Boolean);
}
