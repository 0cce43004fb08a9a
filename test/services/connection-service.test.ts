/**
 * Connection changes reach every process sharing a PostgreSQL store: a connection removed in one
 * is discarded (its pool closed, its catalog, values and suggestions forgotten) in every other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspaceId } from '../../src/core/ids.ts';
import type { ConnectorRegistry } from '../../src/services/connector-registry.ts';
import { createConnectionService, type ConnectionService } from '../../src/services/connection-service.ts';
import { createSecretBox } from '../../src/services/secret-box.ts';
import { createPostgresChangeFeed, type ChangeFeed } from '../../src/store/change-feed.ts';
import type { Database } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrations.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import { insertWorkspace } from '../../src/store/workspaces-repository.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

interface Process {
  readonly db: Database;
  readonly changes: ChangeFeed;
  readonly connections: ConnectionService;
  /** Connection ids this process's registry was told to discard, and to forget. */
  readonly discarded: number[];
  readonly forgotten: number[];
}

async function startProcess(url: string): Promise<Process> {
  const db = await openPostgresDatabase(url);
  const changes = await createPostgresChangeFeed(url);
  const discarded: number[] = [];
  const forgotten: number[] = [];
  const registry = {
    forget: (id: number) => void forgotten.push(id),
    discard: async (id: number) => void discarded.push(id),
  } as unknown as ConnectorRegistry;
  const connections = createConnectionService(db, registry, createSecretBox(Buffer.alloc(32, 7)), changes);
  return { db, changes, connections, discarded, forgotten };
}

async function eventually(check: () => boolean): Promise<void> {
  for (const started = Date.now(); !check(); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() - started > 5_000) throw new Error('not within 5 s');
  }
}

describe('connection service on a shared PostgreSQL store', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: Process;
  let worker: Process;
  let workspaceId: string;

  beforeAll(async () => {
    database = await createTestDatabase('querent_connections');
    api = await startProcess(database.url);
    await migrate(api.db);
    worker = await startProcess(database.url);
    workspaceId = (await insertWorkspace(api.db, newWorkspaceId(), 'Shared')).id;
  });
  afterAll(async () => {
    for (const process of [api, worker]) {
      await process?.changes.close();
      await process?.db.close();
    }
    await database?.drop();
  });

  it('discards a removed connection in every process, the one that removed it included', async () => {
    const { id } = await api.connections.add({ workspaceId, kind: 'postgresql', name: 'warehouse', url: 'postgresql://reader@db.example/warehouse' });
    await api.connections.remove(workspaceId, id);
    await eventually(() => worker.discarded.includes(id));
    expect(api.discarded).toContain(id);
    await expect(worker.connections.find(workspaceId, id)).rejects.toMatchObject({ code: 'connection_not_found' });
  });

  it('makes every process re-read a refreshed connection\'s catalog, without closing it', async () => {
    const { id } = await api.connections.add({ workspaceId, kind: 'postgresql', name: 'lake', url: 'postgresql://reader@db.example/lake' });
    await worker.connections.refresh(workspaceId, id);
    await eventually(() => api.forgotten.includes(id));
    expect([api.discarded, worker.discarded].flat()).not.toContain(id);
  });
});
