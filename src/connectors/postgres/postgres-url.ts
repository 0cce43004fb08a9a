/**
 * `postgresql://user:password@host:port/database?sslmode=…&schema=a,b` → connection settings.
 * Parsed here rather than by `pg` so that `schema` (our own parameter) never reaches the driver,
 * sslmode keeps libpq's meaning, and no error message can repeat the URL.
 */
import { decodeUrlPart, openUrl, readConnectTimeoutMs, readCredentials, readPort, stripBrackets, urlError } from '../sql/connection-url.ts';

/** Throws nothing itself: the `invalid_request` error for a bad URL, to throw. */
const invalid = urlError('PostgreSQL');

export const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type PostgresSslMode = (typeof SSL_MODES)[number];

/** What `pg` needs to connect (a subset of its ClientConfig). */
export interface PostgresConnectionSettings {
  readonly host?: string;
  readonly port?: number;
  readonly user?: string;
  readonly password?: string;
  readonly database?: string;
  /** false: no TLS; otherwise Node TLS options. */
  readonly ssl: false | { readonly rejectUnauthorized: boolean; readonly checkServerIdentity?: () => undefined };
}

export interface ParsedPostgresUrl {
  readonly connection: PostgresConnectionSettings;
  /** From `schema=a,b`; empty when absent. */
  readonly schemas: readonly string[];
  readonly sslmode: PostgresSslMode;
  /** From libpq's `connect_timeout` (seconds), in milliseconds. */
  readonly connectTimeoutMs?: number;
}

/**
 * TLS per sslmode, as libpq means it. `pg` cannot fall back from TLS to plain, so `allow` and
 * `prefer` (libpq's default) connect without TLS; a server that insists on TLS needs `require` or
 * stricter. `verify-*` check the certificate against Node's trusted CAs.
 */
const SSL_BY_MODE: Readonly<Record<PostgresSslMode, PostgresConnectionSettings['ssl']>> = {
  disable: false,
  allow: false,
  prefer: false,
  require: { rejectUnauthorized: false },
  'verify-ca': { rejectUnauthorized: true, checkServerIdentity: () => undefined },
  'verify-full': { rejectUnauthorized: true },
};

/** Throws `invalid_request` with a message that never includes the URL itself. */
export function parsePostgresUrl(url: string, overrides: { sslmode?: PostgresSslMode } = {}): ParsedPostgresUrl {
  const parsed = openUrl(url, ['postgresql:', 'postgres:'], 'postgresql://', invalid);
  const parameters = parsed.searchParams;

  const sslmode = overrides.sslmode ?? parameters.get('sslmode') ?? 'prefer';
  if (!isSslMode(sslmode)) throw invalid(`sslmode must be one of ${SSL_MODES.join(', ')}`);
  const port = readPort(parameters.get('port') ?? parsed.port, invalid);
  // `?host=/var/run/postgresql` names a Unix socket directory, as in libpq.
  const host = parameters.get('host') ?? stripBrackets(decodeUrlPart(parsed.hostname, invalid));
  const database = decodeUrlPart(parsed.pathname.replace(/^\//, ''), invalid);
  const { user, password } = readCredentials(parsed, invalid);
  const connectTimeoutMs = readConnectTimeoutMs(parameters, invalid);

  return {
    connection: {
      ...(host === '' ? {} : { host }),
      ...(port === undefined ? {} : { port }),
      ...(user === '' ? {} : { user }),
      ...(password === '' ? {} : { password }),
      ...(database === '' ? {} : { database }),
      ssl: SSL_BY_MODE[sslmode],
    },
    schemas: (parameters.get('schema') ?? '').split(',').map((schema) => schema.trim()).filter((schema) => schema !== ''),
    sslmode,
    ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
  };
}

function isSslMode(value: string): value is PostgresSslMode {
  return (SSL_MODES as readonly string[]).includes(value);
}
