/**
 * `mysql://user:password@host:port/database?ssl-mode=…` (or `mariadb://…`) → connection settings.
 * Parsed here rather than by `mysql2` so that no error message can repeat the URL, and so that
 * the TLS modes keep the meaning MySQL's own client gives them.
 */
import { decodeUrlPart, openUrl, readConnectTimeoutMs, readCredentials, readPort, stripBrackets, urlError } from '../sql/connection-url.ts';

/** Throws nothing itself: the `invalid_request` error for a bad URL, to throw. */
const invalid = urlError('MySQL');

/** MySQL client `--ssl-mode` values, lower-cased; libpq's names are accepted as aliases. */
export const SSL_MODES = ['disabled', 'preferred', 'required', 'verify_ca', 'verify_identity'] as const;
export type MysqlSslMode = (typeof SSL_MODES)[number];

const SSL_MODE_ALIASES: Readonly<Record<string, MysqlSslMode>> = {
  disable: 'disabled',
  prefer: 'preferred',
  require: 'required',
  'verify-ca': 'verify_ca',
  'verify-full': 'verify_identity',
  true: 'verify_identity',
  '1': 'verify_identity',
  false: 'disabled',
  '0': 'disabled',
};

/** What `mysql2` needs to connect (a subset of its ConnectionOptions). */
export interface MysqlConnectionSettings {
  readonly host?: string;
  readonly port?: number;
  /** A Unix socket path, from `?socket=/run/mysqld/mysqld.sock`. */
  readonly socketPath?: string;
  readonly user?: string;
  readonly password?: string;
  readonly database: string;
  /** Absent: no TLS; otherwise Node TLS options. */
  readonly ssl?: { readonly rejectUnauthorized: boolean; readonly checkServerIdentity?: () => undefined };
}

export interface ParsedMysqlUrl {
  readonly connection: MysqlConnectionSettings;
  readonly sslMode: MysqlSslMode;
  /** From `connect_timeout` (seconds), in milliseconds. */
  readonly connectTimeoutMs?: number;
}

/**
 * TLS per mode. `mysql2` cannot fall back from TLS to plain, so `preferred` connects without TLS
 * (as libpq's `prefer` does in the PostgreSQL connector); a server that insists on TLS needs
 * `required` or stricter. `verify_*` check the certificate against Node's trusted CAs.
 */
const SSL_BY_MODE: Readonly<Record<MysqlSslMode, MysqlConnectionSettings['ssl']>> = {
  disabled: undefined,
  preferred: undefined,
  required: { rejectUnauthorized: false },
  verify_ca: { rejectUnauthorized: true, checkServerIdentity: () => undefined },
  verify_identity: { rejectUnauthorized: true },
};

/**
 * Throws `invalid_request` with a message that never includes the URL itself. The TLS mode comes
 * from `ssl-mode`, `sslmode` or `ssl` (`true`/`false`), in that order; default `preferred`.
 */
export function parseMysqlUrl(url: string, overrides: { sslMode?: MysqlSslMode } = {}): ParsedMysqlUrl {
  const parsed = openUrl(url, ['mysql:', 'mariadb:'], 'mysql:// or mariadb://', invalid);
  const parameters = parsed.searchParams;

  const sslText = parameters.get('ssl-mode') ?? parameters.get('sslmode') ?? parameters.get('ssl') ?? 'preferred';
  const sslMode = overrides.sslMode ?? toSslMode(sslText.toLowerCase());
  if (sslMode === undefined) throw invalid(`ssl-mode must be one of ${SSL_MODES.join(', ')}`);
  const port = readPort(parsed.port, invalid);
  const host = stripBrackets(decodeUrlPart(parsed.hostname, invalid));
  const socketPath = parameters.get('socket') ?? '';
  const database = decodeUrlPart(parsed.pathname.replace(/^\//, ''), invalid);
  // The exposed schema is the URL's database: without one there is nothing to describe.
  if (database === '' || database.includes('/')) throw invalid('it must name one database, as in mysql://host/database');
  const { user, password } = readCredentials(parsed, invalid);
  const connectTimeoutMs = readConnectTimeoutMs(parameters, invalid);
  const ssl = SSL_BY_MODE[sslMode];

  return {
    connection: {
      ...(host === '' ? {} : { host }),
      ...(port === undefined ? {} : { port }),
      ...(socketPath === '' ? {} : { socketPath }),
      ...(user === '' ? {} : { user }),
      ...(password === '' ? {} : { password }),
      database,
      ...(ssl === undefined ? {} : { ssl }),
    },
    sslMode,
    ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
  };
}

function toSslMode(text: string): MysqlSslMode | undefined {
  if ((SSL_MODES as readonly string[]).includes(text)) return text as MysqlSslMode;
  return SSL_MODE_ALIASES[text.replace('_', '-')] ?? SSL_MODE_ALIASES[text];
}
