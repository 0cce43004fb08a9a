import type { Queryable } from './database.ts';

export type LedgerReason = 'trial' | 'grant' | 'charge';

export interface PromptBalance {
  /** Grants minus charges. */
  readonly remaining: number;
  /** Prompts charged so far. */
  readonly used: number;
}

export async function addLedgerEntry(
  db: Queryable, entry: { workspaceId: string; amount: number; reason: LedgerReason; runId?: string },
): Promise<void> {
  await db.query(
    'INSERT INTO prompt_ledger (workspace_id, amount, reason, run_id) VALUES ($1, $2, $3, $4)',
    [entry.workspaceId, entry.amount, entry.reason, entry.runId ?? null]);
}

/** Charges one prompt for a run, once: a second charge for the same run does nothing. */
export async function chargeRun(db: Queryable, workspaceId: string, runId: string): Promise<void> {
  await db.query(
    `INSERT INTO prompt_ledger (workspace_id, amount, reason, run_id) VALUES ($1, -1, 'charge', $2)
     ON CONFLICT (run_id) DO NOTHING`,
    [workspaceId, runId]);
}

export async function readBalance(db: Queryable, workspaceId: string): Promise<PromptBalance> {
  const [row] = await db.query<{ remaining: number; used: number }>(
    `SELECT coalesce(sum(amount), 0)::int AS remaining,
            coalesce(-sum(amount) FILTER (WHERE reason = 'charge'), 0)::int AS used
     FROM prompt_ledger WHERE workspace_id = $1`,
    [workspaceId]);
  return { remaining: row!.remaining, used: row!.used };
}
