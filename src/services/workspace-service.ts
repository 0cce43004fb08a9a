import type { Database } from '../store/database.ts';
import { newWorkspaceId } from '../core/ids.ts';
import { QuerentError } from '../core/errors.ts';
import { findWorkspace, insertWorkspace, listWorkspaces, upsertMember, type MemberRole, type Workspace } from '../store/workspaces-repository.ts';
import { addLedgerEntry } from '../store/ledger-repository.ts';
import { insertConnection } from '../store/connections-repository.ts';
import { SAMPLE_DATASETS } from '../samples/sample-datasets.ts';

export interface WorkspaceService {
  /** A new workspace with its owner, the trial prompts and the sample connections. */
  create(input: { name: string; ownerEmail: string }): Promise<Workspace>;
  get(id: string): Promise<Workspace>;
  /** Every workspace, oldest first (for operators: the CLI). */
  list(): Promise<Workspace[]>;
  addMember(input: { workspaceId: string; email: string; role: MemberRole }): Promise<void>;
}

export function createWorkspaceService(db: Database, options: { trialPrompts: number }): WorkspaceService {
  async function get(id: string): Promise<Workspace> {
    const workspace = await findWorkspace(db, id);
    if (!workspace) throw new QuerentError('not_found', `No workspace "${id}".`);
    return workspace;
  }

  return {
    get,
    list: () => listWorkspaces(db),
    create: ({ name, ownerEmail }) => db.transaction(async (tx) => {
      const workspace = await insertWorkspace(tx, newWorkspaceId(), name);
      await upsertMember(tx, { workspaceId: workspace.id, email: normaliseEmail(ownerEmail), role: 'owner' });
      if (options.trialPrompts > 0) {
        await addLedgerEntry(tx, { workspaceId: workspace.id, amount: options.trialPrompts, reason: 'trial' });
      }
      for (const sample of SAMPLE_DATASETS) {
        await insertConnection(tx, {
          workspaceId: workspace.id, name: sample.name, kind: 'postgresql', description: sample.description, sampleSlug: sample.slug,
        });
      }
      return workspace;
    }),
    async addMember({ workspaceId, email, role }) {
      await get(workspaceId);
      await upsertMember(db, { workspaceId, email: normaliseEmail(email), role });
    },
  };
}

export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed)) throw new QuerentError('invalid_request', `"${email}" is not an email address.`);
  return trimmed;
}
