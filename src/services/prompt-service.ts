import type { Database } from '../store/database.ts';
import type { ChangeFeed } from '../store/change-feed.ts';
import { QuerentError } from '../core/errors.ts';
import { addLedgerEntry, readBalance, type PromptBalance } from '../store/ledger-repository.ts';
import { findWorkspace } from '../store/workspaces-repository.ts';

export interface PromptService {
  balance(workspaceId: string): Promise<PromptBalance>;
  grant(workspaceId: string, amount: number): Promise<PromptBalance>;
  close(): void;
}

/**
 * Balances are derived from the ledger and cached per workspace until a `prompts_changed`
 * change says otherwise (published by every charge and grant, across processes on PostgreSQL).
 */
export function createPromptService(db: Database, changes: ChangeFeed): PromptService {
  const cache = new Map<string, Promise<PromptBalance>>();
  const unsubscribe = changes.subscribe((change) => {
    if (change.type === 'prompts_changed') cache.delete(change.workspaceId);
    if (change.type === 'resync') cache.clear();
  });

  return {
    balance(workspaceId) {
      let balance = cache.get(workspaceId);
      if (!balance) {
        balance = readBalance(db, workspaceId);
        cache.set(workspaceId, balance);
        balance.catch(() => cache.delete(workspaceId));
      }
      return balance;
    },
    async grant(workspaceId, amount) {
      if (!Number.isInteger(amount) || amount < 1 || amount > 1_000_000_000) {
        throw new QuerentError('invalid_request', `The amount must be a whole number from 1 to 1000000000, got ${amount}.`);
      }
      if (!(await findWorkspace(db, workspaceId))) throw new QuerentError('not_found', `No workspace "${workspaceId}".`);
      await addLedgerEntry(db, { workspaceId, amount, reason: 'grant' });
      cache.delete(workspaceId);
      await changes.publish({ type: 'prompts_changed', workspaceId });
      return readBalance(db, workspaceId);
    },
    close: unsubscribe,
  };
}
