import type { Queryable } from './database.ts';
import type { ConnectionKind } from '../connectors/connector.ts';

/** A connection as callers see it; credentials are never part of it. */
export interface Connection {
  readonly id: number;
  readonly name: string;
  readonly kind: ConnectionKind;
  readonly sample: boolean;
  readonly description: string;
  readonly status: string;
  readonly createdAt: string;
}

/** The stored record, for the service that opens the connector. */
export interface ConnectionRecord extends Connection {
  readonly workspaceId: string;
  readonly sampleSlug: string | null;
  /** Encrypted credentials (AES-256-GCM envelope), absent for samples. */
  readonly credentials: string | null;
}

interface ConnectionRow {
  id: number; workspace_id: string; name: string; kind: ConnectionKind; sample_slug: string | null;
  description: string; status: string; credentials: string | null; created_at: Date | string;
}

const COLUMNS = 'id, workspace_id, name, kind, sample_slug, description, status, credentials, created_at';

const toRecord = (row: ConnectionRow): ConnectionRecord => ({
  id: row.id,
  workspaceId: row.workspace_id,
  name: row.name,
  kind: row.kind,
  sample: row.sample_slug !== null,
  sampleSlug: row.sample_slug,
  description: row.description,
  status: row.status,
  credentials: row.credentials,
  createdAt: new Date(row.created_at).toISOString(),
});

export function publicConnection(record: ConnectionRecord): Connection {
  const { id, name, kind, sample, description, status, createdAt } = record;
  return { id, name, kind, sample, description, status, createdAt };
}

export async function insertConnection(
  db: Queryable,
  connection: { workspaceId: string; name: string; kind: ConnectionKind; description: string; sampleSlug?: string; credentials?: string },
): Promise<ConnectionRecord> {
  const [row] = await db.query<ConnectionRow>(
    `INSERT INTO connections (workspace_id, name, kind, sample_slug, description, credentials)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [connection.workspaceId, connection.name, connection.kind, connection.sampleSlug ?? null,
      connection.description, connection.credentials ?? null]);
  return toRecord(row!);
}

export async function findConnection(db: Queryable, workspaceId: string, id: number): Promise<ConnectionRecord | undefined> {
  const [row] = await db.query<ConnectionRow>(
    `SELECT ${COLUMNS} FROM connections WHERE workspace_id = $1 AND id = $2`, [workspaceId, id]);
  return row && toRecord(row);
}

/** Whether the connection existed (in this workspace) and is now deleted. Its runs stay, as history. */
export async function deleteConnection(db: Queryable, workspaceId: string, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM connections WHERE workspace_id = $1 AND id = $2 RETURNING id', [workspaceId, id]);
  return rows.length > 0;
}

/** One page of a workspace's connections in id order, after `afterId`. */
export async function listConnections(
  db: Queryable, workspaceId: string, page: { limit: number; afterId?: number; kind?: ConnectionKind },
): Promise<ConnectionRecord[]> {
  const rows = await db.query<ConnectionRow>(
    `SELECT ${COLUMNS} FROM connections
     WHERE workspace_id = $1 AND id > $2 AND ($3::text IS NULL OR kind = $3)
     ORDER BY id LIMIT $4`,
    [workspaceId, page.afterId ?? 0, page.kind ?? null, page.limit]);
  return rows.map(toRecord);
}
