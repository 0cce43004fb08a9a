import crypto from 'node:crypto';
import type { Database } from '../store/database.ts';
import type { ChangeFeed } from '../store/change-feed.ts';
import { QuerentError } from '../core/errors.ts';
import { newKeyId, newKeySecret } from '../core/ids.ts';
import { findKey, insertKey, listKeys, revokeKey, touchKeys, type ApiKeyRecord } from '../store/keys-repository.ts';
import { findMember, findWorkspace, type Workspace } from '../store/workspaces-repository.ts';
import { normaliseEmail } from './workspace-service.ts';

/** Who is calling: resolved from the API key by the auth hook. */
export interface Caller {
  readonly workspace: Workspace;
  readonly key: { readonly id: string; readonly name: string };
}

export type KeySummary = Omit<ApiKeyRecord, 'secretSha256'>;

export interface KeyService {
  /** Only owners and admins may create keys. The full key is returned here, once. */
  create(input: { workspaceId: string; asEmail: string; name?: string }): Promise<{ id: string; apiKey: string }>;
  list(workspaceId: string): Promise<KeySummary[]>;
  revoke(workspaceId: string, keyId: string): Promise<void>;
  /** The caller a presented key belongs to; throws `invalid_api_key` for anything else. */
  authenticate(presented: string): Promise<Caller>;
  /**
   * The caller, when the key is one this process has already accepted and still holds in memory;
   * undefined otherwise (unknown here, wrong or revoked). Never reads the store.
   */
  authenticateFromMemory(presented: string): Caller | undefined;
  /** Writes pending last-used times. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const KEY_PATTERN = /^qk_([0-9a-z]{12})_([0-9a-z]{32})$/;
const LAST_USED_FLUSH_MS = 1_000;

const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

export function createKeyService(db: Database, changes: ChangeFeed): KeyService {
  /** Keys and their workspaces, so that authentication costs no store round trip. */
  const cache = new Map<string, { key: ApiKeyRecord; workspace: Workspace }>();
  const lastUsed = new Map<string, Date>();
  const unsubscribe = changes.subscribe((change) => {
    if (change.type === 'key_revoked') cache.delete(change.keyId);
    if (change.type === 'resync') cache.clear();
  });
  const flushTimer = setInterval(() => void flush().catch(() => undefined), LAST_USED_FLUSH_MS);
  flushTimer.unref();

  async function flush(): Promise<void> {
    if (lastUsed.size === 0) return;
    const pending = new Map(lastUsed);
    lastUsed.clear();
    await touchKeys(db, pending);
  }

  async function load(keyId: string): Promise<{ key: ApiKeyRecord; workspace: Workspace } | undefined> {
    const cached = cache.get(keyId);
    if (cached) return cached;
    const key = await findKey(db, keyId);
    const workspace = key && (await findWorkspace(db, key.workspaceId));
    if (!key || !workspace) return undefined;
    const entry = { key, workspace };
    if (!key.revokedAt) cache.set(keyId, entry);
    return entry;
  }

  /** The caller, when `secret` is the key's and the key is not revoked; records the use. */
  function accept(entry: { key: ApiKeyRecord; workspace: Workspace }, secret: string): Caller | undefined {
    const valid = !entry.key.revokedAt &&
      crypto.timingSafeEqual(Buffer.from(sha256(secret), 'hex'), Buffer.from(entry.key.secretSha256, 'hex'));
    if (!valid) return undefined;
    lastUsed.set(entry.key.id, new Date());
    return { workspace: entry.workspace, key: { id: entry.key.id, name: entry.key.name } };
  }

  return {
    async create({ workspaceId, asEmail, name }) {
      const email = normaliseEmail(asEmail);
      const member = await findMember(db, workspaceId, email);
      if (!member) throw new QuerentError('invalid_request', `${email} is not a member of workspace ${workspaceId}.`);
      if (member.role !== 'owner' && member.role !== 'admin') {
        throw new QuerentError('invalid_request', `${email} is a ${member.role}; only owners and admins create keys.`);
      }
      const id = newKeyId();
      const secret = newKeySecret();
      await insertKey(db, { id, workspaceId, secretSha256: sha256(secret), name: name ?? 'default', createdBy: email });
      return { id, apiKey: `qk_${id}_${secret}` };
    },
    async list(workspaceId) {
      await flush();
      return (await listKeys(db, workspaceId)).map(({ secretSha256: _hidden, ...summary }) => summary);
    },
    async revoke(workspaceId, keyId) {
      if (!(await revokeKey(db, workspaceId, keyId))) {
        throw new QuerentError('not_found', `No key "${keyId}" in workspace ${workspaceId}.`);
      }
      cache.delete(keyId);
      await changes.publish({ type: 'key_revoked', keyId });
    },
    async authenticate(presented) {
      const match = KEY_PATTERN.exec(presented.trim());
      const entry = match && (await load(match[1]!));
      const caller = entry ? accept(entry, match[2]!) : undefined;
      if (!caller) throw new QuerentError('invalid_api_key', 'The API key is not valid (unknown, malformed or revoked).');
      return caller;
    },
    authenticateFromMemory(presented) {
      const match = KEY_PATTERN.exec(presented.trim());
      const entry = match && cache.get(match[1]!);
      return entry ? accept(entry, match[2]!) : undefined;
    },
    flush,
    async close() {
      clearInterval(flushTimer);
      unsubscribe();
      await flush().catch(() => undefined);
    },
  };
}
