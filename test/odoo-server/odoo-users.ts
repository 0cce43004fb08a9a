/** The users the test double accepts, and how a call's context becomes an environment. */
import pg from 'pg';
import { accessError } from './odoo-errors.ts';
import type { OdooMajor } from './model-types.ts';
import type { OdooEnvironment } from './record-rules.ts';

export interface OdooTestUser {
  login: string;
  /** Accepted wherever Odoo accepts a password or an API key. */
  apiKey: string;
  /** Must be an id of res_users in the database (demo data: 2 = admin, 6 = bot). */
  uid: number;
  /** The user's allowed companies (res.users company_ids); the first is the default company. */
  companyIds: number[];
  /** Models this user may not read: every call on them raises AccessError (record rules / ACLs). Default none. */
  deniedModels?: string[];
}

export const DEFAULT_USERS: readonly OdooTestUser[] = [
  { login: 'admin', apiKey: 'admin-api-key', uid: 2, companyIds: [1, 2] },
  { login: 'bot', apiKey: 'bot-api-key', uid: 6, companyIds: [1] },
];

/** numeric → number, int8 → number, date/timestamp → the server's text (no JavaScript time zone shifts). */
export function createPool(databaseUrl: string): pg.Pool {
  const raw = (value: string) => value;
  const parsers: Record<number, (value: string) => unknown> = { 20: Number, 1700: Number, 1082: raw, 1114: raw, 1184: raw };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 5,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client dropped by the server (e.g. a test dropping its database) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

export function environmentFor(pool: pg.Pool, major: OdooMajor, user: OdooTestUser, rawContext: unknown): OdooEnvironment {
  const context = typeof rawContext === 'object' && rawContext !== null && !Array.isArray(rawContext) ? rawContext as Record<string, unknown> : {};
  let companyIds = user.companyIds;
  if (Array.isArray(context.allowed_company_ids) && context.allowed_company_ids.length > 0) {
    const asked = context.allowed_company_ids.map(Number);
    if (asked.some((id) => !user.companyIds.includes(id))) throw accessError('Access to unauthorized or invalid companies.');
    companyIds = asked;
  }
  return { pool, major, uid: user.uid, companyIds, context };
}
