import path from 'node:path';

/** What a `querent serve` process does: everything, only the HTTP API, or only executing runs. */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** The service's configuration, read from the environment once, at the edge. */
export interface Config {
  /**
   * `QUERENT_ROLE` (`serve --role` overrides), default `all`. `api` and `worker` need `DATABASE_URL`:
   * API processes queue runs as pg-boss jobs, worker processes execute them.
   */
  readonly role: Role;
  /**
   * On SIGTERM, running runs get this long to finish before they are handed back (to another
   * worker, or the next start). `QUERENT_STOP_GRACE_SECONDS`, default 25.
   */
  readonly stopGraceMs: number;
  /** HTTP port. `PORT`, default 8080. */
  readonly port: number;
  /** Interface to listen on. `HOST`, default 127.0.0.1. */
  readonly host: string;
  /** PostgreSQL metadata store; absent means embedded PGlite in `dataDir`. `DATABASE_URL`. */
  readonly databaseUrl?: string;
  /** Data directory for the embedded store, the secret key and sample archives. `QUERENT_DATA_DIR`, default ./.querent. */
  readonly dataDir: string;
  /** Where sample dataset archives are kept. `QUERENT_SAMPLES_DIR`, default <dataDir>/samples. */
  readonly samplesDir: string;
  /** 32-byte key (hex or base64) that encrypts connection credentials. `QUERENT_SECRET_KEY`. */
  readonly secretKey?: string;
  /** Synchronous window of a chat call in ms before it answers 202. `QUERENT_CHAT_WAIT_MS`, default 90 000. */
  readonly chatWaitMs: number;
  readonly logLevel: string;
  /** Prompts granted to a new workspace. `QUERENT_TRIAL_PROMPTS`, default 100. */
  readonly trialPrompts: number;
  /** Requests per key per minute. `QUERENT_RATE_LIMIT`, default 600. */
  readonly rateLimitPerMinute: number;
  /** Runs executing at once in this process. `QUERENT_RUN_CONCURRENCY`, default 8. */
  readonly runConcurrency: number;
  /** Runs executing at once per workspace. `QUERENT_WORKSPACE_CONCURRENCY`, default 4. */
  readonly workspaceConcurrency: number;
  /** Statement timeout of a data-source query, ms. `QUERENT_QUERY_TIMEOUT_MS`, default 30 000. */
  readonly queryTimeoutMs: number;
  /** Rows in a json answer at most. `QUERENT_MAX_ROWS`, default 1 000. */
  readonly maxRows: number;
  /** Characters in a prompt at most. `QUERENT_PROMPT_MAX_CHARS`, default 2 000. */
  readonly promptMaxChars: number;
  /** Request body size at most, bytes. `QUERENT_BODY_LIMIT`, default 16 KiB. */
  readonly bodyLimit: number;
  /**
   * A request (line, headers and body) must arrive within this many ms, its headers within the
   * smaller of this and 10 s; a slower one answers 408 and its connection is closed.
   * `QUERENT_REQUEST_TIMEOUT_MS`, default 30 000. Answering may take longer (a chat's wait).
   */
  readonly requestTimeoutMs: number;
  /**
   * Requests per client address per minute that present no key or a wrong one; past it, that
   * address is answered 429 before any key look-up (keys this process already knows still work).
   * `QUERENT_AUTH_FAILURE_LIMIT`, default 60.
   */
  readonly authFailureLimitPerMinute: number;
  /**
   * The sample databases' thread (and its memory) is stopped after this many ms without a question
   * on any sample, and started again by the next one. `QUERENT_SAMPLE_IDLE_SECONDS`, default 120; 0 keeps it.
   */
  readonly sampleIdleMs: number;
  /**
   * Browser origins allowed to call the API (CORS), e.g. `https://app.example.com`; `*` allows any.
   * `QUERENT_CORS_ORIGINS`, comma-separated; default none (CORS off: no CORS headers at all).
   */
  readonly corsOrigins: readonly string[];
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function role(raw: string | undefined): Role {
  if (raw === undefined || raw === '') return 'all';
  if (!(ROLES as readonly string[]).includes(raw)) throw new ConfigError(`QUERENT_ROLE (or --role) must be one of ${ROLES.join(', ')}, got "${raw}"`);
  return raw as Role;
}

function origins(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    if (entry !== '*' && !/^https?:\/\/[^/\s?#]+$/.test(entry)) {
      throw new ConfigError(`QUERENT_CORS_ORIGINS must list origins such as https://app.example.com (scheme, host, optional port; no path) or *, got "${entry}"`);
    }
  }
  return entries.map((entry) => entry.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.QUERENT_DATA_DIR ?? '.querent');
  const config: Config = {
    role: role(overrides.role ?? env.QUERENT_ROLE),
    stopGraceMs: integer(env, 'QUERENT_STOP_GRACE_SECONDS', 25, 0, 3_600) * 1000,
    port: integer(env, 'PORT', 8080, 0, 65_535),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    samplesDir: path.resolve(env.QUERENT_SAMPLES_DIR || path.join(dataDir, 'samples')),
    secretKey: env.QUERENT_SECRET_KEY || undefined,
    chatWaitMs: integer(env, 'QUERENT_CHAT_WAIT_MS', 90_000, 0, 90_000),
    logLevel: env.LOG_LEVEL || 'info',
    trialPrompts: integer(env, 'QUERENT_TRIAL_PROMPTS', 100, 0, 1_000_000_000),
    rateLimitPerMinute: integer(env, 'QUERENT_RATE_LIMIT', 600, 1, 10_000_000),
    runConcurrency: integer(env, 'QUERENT_RUN_CONCURRENCY', 8, 1, 256),
    workspaceConcurrency: integer(env, 'QUERENT_WORKSPACE_CONCURRENCY', 4, 1, 256),
    queryTimeoutMs: integer(env, 'QUERENT_QUERY_TIMEOUT_MS', 30_000, 100, 600_000),
    maxRows: integer(env, 'QUERENT_MAX_ROWS', 1_000, 1, 100_000),
    promptMaxChars: integer(env, 'QUERENT_PROMPT_MAX_CHARS', 2_000, 1, 100_000),
    bodyLimit: integer(env, 'QUERENT_BODY_LIMIT', 16 * 1024, 1024, 10 * 1024 * 1024),
    requestTimeoutMs: integer(env, 'QUERENT_REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    authFailureLimitPerMinute: integer(env, 'QUERENT_AUTH_FAILURE_LIMIT', 60, 1, 10_000_000),
    sampleIdleMs: integer(env, 'QUERENT_SAMPLE_IDLE_SECONDS', 120, 0, 86_400) * 1000,
    corsOrigins: origins(env.QUERENT_CORS_ORIGINS),
  };
  return { ...config, ...overrides };
}
