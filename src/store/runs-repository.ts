import type { Queryable } from './database.ts';
import type { RunState } from './run-states.ts';

export interface RunError {
  readonly code: string;
  readonly message: string;
  /** For a declined question: the code of the engine's decline catalogue. */
  readonly reason?: string;
  readonly suggestions?: readonly string[];
}

export interface RunRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly connectionId: number;
  readonly keyId: string | null;
  readonly prompt: string;
  readonly format: string;
  readonly status: RunState;
  readonly attempts: number;
  /** The computed answer's inputs (query, compiled statement, result…), rendered on read. */
  readonly output: unknown;
  readonly error: RunError | null;
  readonly idempotencyKey: string | null;
  /** For a follow-up: the earlier run (same workspace and connection) whose reading it refines. */
  readonly previousRunId: string | null;
  readonly requestSha256: string | null;
  readonly createdAt: string;
  readonly completedAt: string | null;
}

interface RunRow {
  id: string; workspace_id: string; connection_id: number; key_id: string | null; prompt: string; format: string;
  status: RunState; attempts: number; output: string | null; error: RunError | null; idempotency_key: string | null;
  previous_run_id: string | null; request_sha256: string | null; created_at: Date | string; completed_at: Date | string | null;
}

/**
 * `output` (the answer's rows and query) travels as text and is parsed here: far cheaper than the
 * store's driver building the object, and, for the embedded store, copying it out of its thread.
 */
const COLUMNS = `id, workspace_id, connection_id, key_id, prompt, format, status, attempts, output::text AS output, error,
  idempotency_key, previous_run_id, request_sha256, created_at, completed_at`;

const toRun = (row: RunRow): RunRecord => ({
  id: row.id,
  workspaceId: row.workspace_id,
  connectionId: row.connection_id,
  keyId: row.key_id,
  prompt: row.prompt,
  format: row.format,
  status: row.status,
  attempts: row.attempts,
  output: row.output === null ? null : JSON.parse(row.output),
  error: row.error,
  idempotencyKey: row.idempotency_key,
  previousRunId: row.previous_run_id,
  requestSha256: row.request_sha256,
  createdAt: new Date(row.created_at).toISOString(),
  completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
});

export async function insertRun(
  db: Queryable,
  run: { id: string; workspaceId: string; connectionId: number; keyId: string | null; prompt: string; format: string;
    idempotencyKey?: string; requestSha256?: string; previousRunId?: string },
): Promise<RunRecord> {
  const [row] = await db.query<RunRow>(
    `INSERT INTO runs (id, workspace_id, connection_id, key_id, prompt, format, status, idempotency_key, request_sha256, previous_run_id)
     VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7, $8, $9) RETURNING ${COLUMNS}`,
    [run.id, run.workspaceId, run.connectionId, run.keyId, run.prompt, run.format,
      run.idempotencyKey ?? null, run.requestSha256 ?? null, run.previousRunId ?? null]);
  return toRun(row!);
}

export async function findRun(db: Queryable, workspaceId: string, id: string): Promise<RunRecord | undefined> {
  const [row] = await db.query<RunRow>(`SELECT ${COLUMNS} FROM runs WHERE workspace_id = $1 AND id = $2`, [workspaceId, id]);
  return row && toRun(row);
}

export async function findRunByIdempotencyKey(db: Queryable, workspaceId: string, key: string): Promise<RunRecord | undefined> {
  const [row] = await db.query<RunRow>(
    `SELECT ${COLUMNS} FROM runs WHERE workspace_id = $1 AND idempotency_key = $2`, [workspaceId, key]);
  return row && toRun(row);
}

export async function countUnfinishedRuns(db: Queryable, workspaceId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM runs WHERE workspace_id = $1 AND status IN ('queued', 'running')`, [workspaceId]);
  return row!.count;
}

export async function countAllUnfinishedRuns(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM runs WHERE status IN ('queued', 'running')`);
  return row!.count;
}

export async function listUnfinishedRuns(db: Queryable): Promise<RunRecord[]> {
  const rows = await db.query<RunRow>(
    `SELECT ${COLUMNS} FROM runs WHERE status IN ('queued', 'running') ORDER BY created_at`);
  return rows.map(toRun);
}

/** Moves a queued (or interrupted running) run to running; undefined if it already ended. */
export async function markRunning(db: Queryable, id: string): Promise<RunRecord | undefined> {
  const [row] = await db.query<RunRow>(
    `UPDATE runs SET status = 'running', attempts = attempts + 1, started_at = now()
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING ${COLUMNS}`, [id]);
  return row && toRun(row);
}

/** Whether the run was running and is now complete (it ends once: a second call changes nothing). */
export async function markComplete(db: Queryable, id: string, output: unknown): Promise<boolean> {
  const rows = await db.query(
    `UPDATE runs SET status = 'complete', output = $2::jsonb, completed_at = now()
     WHERE id = $1 AND status = 'running' RETURNING id`, [id, JSON.stringify(output)]);
  return rows.length > 0;
}

export async function markFailed(db: Queryable, id: string, error: RunError): Promise<RunRecord | undefined> {
  const [row] = await db.query<RunRow>(
    `UPDATE runs SET status = 'failed', error = $2::jsonb, completed_at = now()
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING ${COLUMNS}`, [id, JSON.stringify(error)]);
  return row && toRun(row);
}
