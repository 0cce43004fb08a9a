import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrations.ts';
import { insertWorkspace, findWorkspace, upsertMember, findMember } from '../../src/store/workspaces-repository.ts';
import { insertKey, findKey, revokeKey, touchKeys, listKeys } from '../../src/store/keys-repository.ts';
import { addLedgerEntry, chargeRun, readBalance } from '../../src/store/ledger-repository.ts';
import { insertConnection, findConnection, listConnections } from '../../src/store/connections-repository.ts';
import { insertRun, markRunning, markComplete, markFailed, findRun, countUnfinishedRuns, listUnfinishedRuns, findRunByIdempotencyKey } from '../../src/store/runs-repository.ts';
import { newRunId, newWorkspaceId } from '../../src/core/ids.ts';

/** One store suite, run against every store implementation (PGlite and PostgreSQL). */
export function storeContract(name: string, open: () => Promise<{ db: Database; dispose(): Promise<void> }>): void {
  describe(`metadata store contract: ${name}`, () => {
    let db: Database;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ db, dispose } = await open());
      await migrate(db);
    });
    afterAll(async () => dispose?.());

    it('applies migrations once', async () => {
      expect(await migrate(db)).toBe(0);
      const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual([1, 2]);
    });

    it('keeps workspaces and members', async () => {
      const workspace = await insertWorkspace(db, newWorkspaceId(), 'Acme');
      await upsertMember(db, { workspaceId: workspace.id, email: 'a@acme.test', role: 'member' });
      await upsertMember(db, { workspaceId: workspace.id, email: 'a@acme.test', role: 'admin' });
      expect((await findWorkspace(db, workspace.id))?.name).toBe('Acme');
      expect((await findMember(db, workspace.id, 'a@acme.test'))?.role).toBe('admin');
      await expect(upsertMember(db, { workspaceId: workspace.id, email: 'b@acme.test', role: 'boss' as never })).rejects.toThrow();
    });

    it('stores keys by hash, revokes them and records last use without going backwards', async () => {
      const workspace = await insertWorkspace(db, newWorkspaceId(), 'Keys');
      await insertKey(db, { id: 'k1' + newRunId().slice(4, 14), workspaceId: workspace.id, secretSha256: 'ab'.repeat(32), name: 'ci', createdBy: 'o@x.test' });
      const [key] = await listKeys(db, workspace.id);
      expect(key!.secretSha256).toBe('ab'.repeat(32));
      await touchKeys(db, new Map([[key!.id, new Date('2030-01-02T00:00:00Z')]]));
      await touchKeys(db, new Map([[key!.id, new Date('2030-01-01T00:00:00Z')]]));
      expect((await findKey(db, key!.id))?.lastUsedAt).toBe('2030-01-02T00:00:00.000Z');
      expect(await revokeKey(db, workspace.id, key!.id)).toBe(true);
      expect((await findKey(db, key!.id))?.revokedAt).not.toBeNull();
      expect(await revokeKey(db, 'ws_other', key!.id)).toBe(false);
    });

    it('derives the balance from the ledger and charges a run once', async () => {
      const workspace = await insertWorkspace(db, newWorkspaceId(), 'Ledger');
      await addLedgerEntry(db, { workspaceId: workspace.id, amount: 10, reason: 'trial' });
      const run = await insertRun(db, { id: newRunId(), workspaceId: workspace.id, connectionId: 1, keyId: null, prompt: 'q', format: 'json' });
      await chargeRun(db, workspace.id, run.id);
      await chargeRun(db, workspace.id, run.id);
      expect(await readBalance(db, workspace.id)).toEqual({ remaining: 9, used: 1 });
    });

    it('pages connections per workspace', async () => {
      const a = await insertWorkspace(db, newWorkspaceId(), 'A');
      const b = await insertWorkspace(db, newWorkspaceId(), 'B');
      const ids: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        ids.push((await insertConnection(db, { workspaceId: a.id, name: `c${index}`, kind: 'postgresql', description: '' })).id);
      }
      const other = await insertConnection(db, { workspaceId: b.id, name: 'theirs', kind: 'mysql', description: '' });
      expect((await listConnections(db, a.id, { limit: 2 })).map((c) => c.id)).toEqual(ids.slice(0, 2));
      expect((await listConnections(db, a.id, { limit: 2, afterId: ids[1] })).map((c) => c.id)).toEqual([ids[2]]);
      expect(await listConnections(db, a.id, { limit: 10, kind: 'mysql' })).toEqual([]);
      expect(await findConnection(db, a.id, other.id)).toBeUndefined();
    });

    it('moves runs through their states and never completes an ended run', async () => {
      const workspace = await insertWorkspace(db, newWorkspaceId(), 'Runs');
      const run = await insertRun(db, {
        id: newRunId(), workspaceId: workspace.id, connectionId: 1, keyId: null, prompt: 'q', format: 'text', idempotencyKey: 'abc', requestSha256: 'h',
      });
      expect(await countUnfinishedRuns(db, workspace.id)).toBe(1);
      expect((await listUnfinishedRuns(db)).some((r) => r.id === run.id)).toBe(true);
      expect((await markRunning(db, run.id))?.status).toBe('running');
      expect(await markComplete(db, run.id, { answer: 42 })).toBe(true);
      expect(await markComplete(db, run.id, { answer: 43 })).toBe(false);
      expect(await markFailed(db, run.id, { code: 'x', message: 'late' })).toBeUndefined();
      expect(await markRunning(db, run.id)).toBeUndefined();
      const stored = await findRun(db, workspace.id, run.id);
      expect(stored).toMatchObject({ status: 'complete', attempts: 1, output: { answer: 42 } });
      expect(await findRun(db, 'ws_other', run.id)).toBeUndefined();
      expect((await findRunByIdempotencyKey(db, workspace.id, 'abc'))?.id).toBe(run.id);
      await expect(insertRun(db, {
        id: newRunId(), workspaceId: workspace.id, connectionId: 1, keyId: null, prompt: 'q', format: 'text', idempotencyKey: 'abc',
      })).rejects.toThrow();
    });

    it('rolls a failed transaction back', async () => {
      const id = newWorkspaceId();
      await expect(db.transaction(async (tx) => {
        await insertWorkspace(tx, id, 'Gone');
        throw new Error('boom');
      })).rejects.toThrow('boom');
      expect(await findWorkspace(db, id)).toBeUndefined();
    });
  });
}
