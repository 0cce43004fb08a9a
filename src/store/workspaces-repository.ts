import type { Queryable } from './database.ts';

export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface Workspace {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
}

export interface Member {
  readonly workspaceId: string;
  readonly email: string;
  readonly role: MemberRole;
}

interface WorkspaceRow { id: string; name: string; created_at: Date | string }

const toWorkspace = (row: WorkspaceRow): Workspace => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function insertWorkspace(db: Queryable, id: string, name: string): Promise<Workspace> {
  const [row] = await db.query<WorkspaceRow>(
    'INSERT INTO workspaces (id, name) VALUES ($1, $2) RETURNING id, name, created_at', [id, name]);
  return toWorkspace(row!);
}

export async function findWorkspace(db: Queryable, id: string): Promise<Workspace | undefined> {
  const [row] = await db.query<WorkspaceRow>('SELECT id, name, created_at FROM workspaces WHERE id = $1', [id]);
  return row && toWorkspace(row);
}

export async function listWorkspaces(db: Queryable): Promise<Workspace[]> {
  const rows = await db.query<WorkspaceRow>('SELECT id, name, created_at FROM workspaces ORDER BY created_at, id');
  return rows.map(toWorkspace);
}

export async function countWorkspaces(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM workspaces');
  return row!.count;
}

/** Adds a member, or changes the role of an existing one. */
export async function upsertMember(db: Queryable, member: Member): Promise<void> {
  await db.query(
    `INSERT INTO members (workspace_id, email, role) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id, email) DO UPDATE SET role = EXCLUDED.role`,
    [member.workspaceId, member.email, member.role]);
}

export async function findMember(db: Queryable, workspaceId: string, email: string): Promise<Member | undefined> {
  const [row] = await db.query<{ role: MemberRole }>(
    'SELECT role FROM members WHERE workspace_id = $1 AND email = $2', [workspaceId, email]);
  return row && { workspaceId, email, role: row.role };
}
