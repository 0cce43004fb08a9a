import type { Database } from '../store/database.ts';
import type { SecretBox } from './secret-box.ts';
import type { ChangeFeed } from '../store/change-feed.ts';
import type { ConnectorRegistry, StoredCredentials } from './connector-registry.ts';
import { CONNECTION_KINDS, type ConnectionKind } from '../connectors/connector.ts';
import { QuerentError } from '../core/errors.ts';
import {
  deleteConnection, findConnection, insertConnection, listConnections, publicConnection, type Connection, type ConnectionRecord,
} from '../store/connections-repository.ts';
import { findWorkspace } from '../store/workspaces-repository.ts';

export interface AddConnectionInput {
  readonly workspaceId: string;
  readonly kind: string;
  readonly name: string;
  readonly url: string;
  readonly description?: string;
  /** Odoo only. */
  readonly database?: string;
  readonly login?: string;
  readonly apiKey?: string;
}

export interface ConnectionPage {
  readonly data: Connection[];
  readonly nextCursor: string | null;
}

export interface ConnectionService {
  /**
   * Stores a new connection. With `test` (default false), first connects with the details given and
   * refuses them (`connection_unavailable`, saying why) when that fails; nothing is stored then.
   */
  add(input: AddConnectionInput, options?: { test?: boolean }): Promise<Connection>;
  /** Deletes the connection (`connection_not_found` when it is not this workspace's); its runs stay. */
  remove(workspaceId: string, id: number): Promise<void>;
  list(workspaceId: string, page: { limit: number; cursor?: string; kind?: ConnectionKind }): Promise<ConnectionPage>;
  /** The stored record; `connection_not_found` for unknown ids and for other workspaces' ids alike. */
  find(workspaceId: string, id: number): Promise<ConnectionRecord>;
  test(workspaceId: string, id: number): Promise<void>;
  /** Re-reads the connection's schema and values at its next question (in every process). */
  refresh(workspaceId: string, id: number): Promise<void>;
}

const URL_SCHEMES: Record<ConnectionKind, readonly string[]> = {
  postgresql: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
  odoo: ['http:', 'https:'],
};

export function createConnectionService(db: Database, registry: ConnectorRegistry, secrets: SecretBox, changes: ChangeFeed): ConnectionService {
  changes.subscribe((change) => {
    if (change.type === 'catalog_stale') registry.forget(change.connectionId);
    if (change.type === 'connection_removed') void registry.discard(change.connectionId).catch(() => undefined);
  });

  async function find(workspaceId: string, id: number): Promise<ConnectionRecord> {
    const record = Number.isSafeInteger(id) ? await findConnection(db, workspaceId, id) : undefined;
    if (!record) throw new QuerentError('connection_not_found', `No connection with id ${id} in this workspace.`);
    return record;
  }

  return {
    find,
    async add(input, { test = false } = {}) {
      const kind = input.kind as ConnectionKind;
      if (!CONNECTION_KINDS.includes(kind)) {
        throw new QuerentError('invalid_request', `Unknown kind "${input.kind}"; expected one of ${CONNECTION_KINDS.join(', ')}.`);
      }
      if (!input.name.trim()) throw new QuerentError('invalid_request', 'A connection needs a name.');
      if (!(await findWorkspace(db, input.workspaceId))) throw new QuerentError('not_found', `No workspace "${input.workspaceId}".`);
      const credentials = validateCredentials(kind, input);
      const sealed = secrets.seal(JSON.stringify(credentials));
      if (test) await testBeforeAdding(registry, { workspaceId: input.workspaceId, kind, name: input.name.trim(), credentials: sealed });
      const record = await insertConnection(db, {
        workspaceId: input.workspaceId,
        name: input.name.trim(),
        kind,
        description: input.description ?? '',
        credentials: sealed,
      });
      return publicConnection(record);
    },
    async remove(workspaceId, id) {
      const record = await find(workspaceId, id);
      if (!(await deleteConnection(db, workspaceId, record.id))) throw new QuerentError('connection_not_found', `No connection with id ${id} in this workspace.`);
      await registry.discard(record.id);
      // Other processes close its pool and drop what they know of it; a question on it is then connection_not_found.
      await changes.publish({ type: 'connection_removed', connectionId: record.id });
    },
    async list(workspaceId, { limit, cursor, kind }) {
      const afterId = cursor === undefined ? undefined : decodeCursor(cursor);
      const rows = await listConnections(db, workspaceId, { limit: limit + 1, afterId, kind });
      const page = rows.slice(0, limit);
      const nextCursor = rows.length > limit ? encodeCursor(page[page.length - 1]!.id) : null;
      return { data: page.map(publicConnection), nextCursor };
    },
    async refresh(workspaceId, id) {
      const record = await find(workspaceId, id);
      registry.forget(record.id);
      await changes.publish({ type: 'catalog_stale', connectionId: record.id });
    },
    async test(workspaceId, id) {
      const record = await find(workspaceId, id);
      const connector = await registry.connector(record);
      await connector.test();
    },
  };
}

async function testBeforeAdding(
  registry: ConnectorRegistry, details: { workspaceId: string; kind: ConnectionKind; name: string; credentials: string },
): Promise<void> {
  const unsaved: ConnectionRecord = {
    ...details, id: 0, sample: false, sampleSlug: null, description: '', status: 'active', createdAt: new Date().toISOString(),
  };
  try {
    await registry.testUnsaved(unsaved);
  } catch (error) {
    const reason = error instanceof QuerentError ? error.detail : 'the connection could not be opened.';
    throw new QuerentError('connection_unavailable', `Connection test failed: ${reason.split('\n')[0]} Nothing was stored (--no-test adds it untested).`, { cause: error });
  }
}

function validateCredentials(kind: ConnectionKind, input: AddConnectionInput): StoredCredentials {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new QuerentError('invalid_request', 'The connection URL is not a valid URL.');
  }
  if (!URL_SCHEMES[kind].includes(url.protocol)) {
    throw new QuerentError('invalid_request', `A ${kind} URL must start with ${URL_SCHEMES[kind].map((s) => `${s}//`).join(' or ')}.`);
  }
  if (kind !== 'odoo') return { url: input.url };
  for (const field of ['database', 'login', 'apiKey'] as const) {
    if (!input[field]) throw new QuerentError('invalid_request', `An odoo connection needs --${field === 'apiKey' ? 'api-key' : field}.`);
  }
  return { url: input.url, database: input.database, login: input.login, apiKey: input.apiKey };
}

/** The largest connection id (the column is a PostgreSQL integer). */
const MAX_CONNECTION_ID = 2_147_483_647;

function encodeCursor(id: number): string {
  return Buffer.from(`c:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^c:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const afterId = match ? Number(match[1]) : NaN;
  // Connection ids are PostgreSQL integers: a larger number was never a cursor of ours.
  if (!(afterId <= MAX_CONNECTION_ID)) throw new QuerentError('invalid_request', 'The cursor is not one this API returned.');
  return afterId;
}
