/**
 * `postgresql://user:password@host:port/database?sslmode=…&schema=a,b` → connection settings.
 * Parsed here rather than by `pg` so that `schema` (our own parameter) never reaches the driver,
 * sslmode keeps libpq's meaning, and no error message can repeat the URL.
 */
import { QuerentError } from '../../core/errors.ts';

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
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('it is not a URL');
  }
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') throw invalid('it must start with postgresql://');
  const parameters = parsed.searchParams;

  const sslmode = overrides.sslmode ?? parameters.get('sslmode') ?? 'prefer';
  if (!isSslMode(sslmode)) throw invalid(`sslmode must be one of ${SSL_MODES.join(', ')}`);
  const portText = parameters.get('port') ?? parsed.port;
  const port = portText === '' ? undefined : Number(portText);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) throw invalid('the port is not a number from 1 to 65535');
  // `?host=/var/run/postgresql` names a Unix socket directory, as in libpq.
  const host = parameters.get('host') ?? stripBrackets(decode(parsed.hostname));
  const database = decode(parsed.pathname.replace(/^\//, ''));
  const user = decode(parsed.username);
  const password = decode(parsed.password);
  const connectTimeout = parameters.get('connect_timeout');
  const connectTimeoutSeconds = connectTimeout === null ? undefined : Number(connectTimeout);
  if (connectTimeoutSeconds !== undefined && !(connectTimeoutSeconds > 0)) throw invalid('connect_timeout must be a positive number of seconds');

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
    ...(connectTimeoutSeconds === undefined ? {} : { connectTimeoutMs: Math.round(connectTimeoutSeconds * 1000) }),
  };
}

function isSslMode(value: string): value is PostgresSslMode {
  return (SSL_MODES as readonly string[]).includes(value);
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalid('it holds a malformed %-escape');
  }
}

function invalid(reason: string): QuerentError {
  return new QuerentError('invalid_request', `The PostgreSQL connection URL is not valid: ${reason}.`);
}
