import type { Queryable } from './database.ts';

export interface ApiKeyRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly secretSha256: string;
  readonly name: string;
  readonly createdBy: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

interface KeyRow {
  id: string; workspace_id: string; secret_sha256: string; name: string; created_by: string;
  created_at: Date | string; last_used_at: Date | string | null; revoked_at: Date | string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const toKey = (row: KeyRow): ApiKeyRecord => ({
  id: row.id,
  workspaceId: row.workspace_id,
  secretSha256: row.secret_sha256,
  name: row.name,
  createdBy: row.created_by,
  createdAt: iso(row.created_at)!,
  lastUsedAt: iso(row.last_used_at),
  revokedAt: iso(row.revoked_at),
});

const COLUMNS = 'id, workspace_id, secret_sha256, name, created_by, created_at, last_used_at, revoked_at';

export async function insertKey(
  db: Queryable, key: { id: string; workspaceId: string; secretSha256: string; name: string; createdBy: string },
): Promise<ApiKeyRecord> {
  const [row] = await db.query<KeyRow>(
    `INSERT INTO api_keys (id, workspace_id, secret_sha256, name, created_by) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${COLUMNS}`,
    [key.id, key.workspaceId, key.secretSha256, key.name, key.createdBy]);
  return toKey(row!);
}

export async function findKey(db: Queryable, id: string): Promise<ApiKeyRecord | undefined> {
  const [row] = await db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [id]);
  return row && toKey(row);
}

export async function listKeys(db: Queryable, workspaceId: string): Promise<ApiKeyRecord[]> {
  const rows = await db.query<KeyRow>(
    `SELECT ${COLUMNS} FROM api_keys WHERE workspace_id = $1 ORDER BY created_at, id`, [workspaceId]);
  return rows.map(toKey);
}

/** Returns false when no such key exists in the workspace. Revoking twice keeps the first time. */
export async function revokeKey(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE workspace_id = $1 AND id = $2 RETURNING id`,
    [workspaceId, id]);
  return rows.length > 0;
}

/** Records when keys were last used; never moves a time backwards. */
export async function touchKeys(db: Queryable, lastUsed: ReadonlyMap<string, Date>): Promise<void> {
  for (const [id, at] of lastUsed) {
    await db.query(
      'UPDATE api_keys SET last_used_at = greatest(coalesce(last_used_at, $2), $2) WHERE id = $1', [id, at.toISOString()]);
  }
}
