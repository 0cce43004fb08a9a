/**
 * The parts of a database URL every SQL kind reads the same way. Errors never include the URL
 * itself: it may hold a password.
 */
import { QuerentError } from '../../core/errors.ts';

/** Builds the `invalid_request` error for a bad URL of one database (`PostgreSQL`, `MySQL`). */
export function urlError(database: string): (reason: string) => QuerentError {
  return (reason) => new QuerentError('invalid_request', `The ${database} connection URL is not valid: ${reason}.`);
}

/** Parses the URL and checks its scheme against `protocols` (with the colon, as `URL.protocol`). */
export function openUrl(url: string, protocols: readonly string[], expected: string, invalid: (reason: string) => QuerentError): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('it is not a URL');
  }
  if (!protocols.includes(parsed.protocol)) throw invalid(`it must start with ${expected}`);
  return parsed;
}

/** A port from 1 to 65535, or undefined for an empty text. */
export function readPort(text: string, invalid: (reason: string) => QuerentError): number | undefined {
  const port = text === '' ? undefined : Number(text);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) throw invalid('the port is not a number from 1 to 65535');
  return port;
}

/** The user name and password, decoded; empty when absent. */
export function readCredentials(parsed: URL, invalid: (reason: string) => QuerentError): { readonly user: string; readonly password: string } {
  return { user: decodeUrlPart(parsed.username, invalid), password: decodeUrlPart(parsed.password, invalid) };
}

/** libpq's `connect_timeout` (seconds), in milliseconds; undefined when absent. */
export function readConnectTimeoutMs(parameters: URLSearchParams, invalid: (reason: string) => QuerentError): number | undefined {
  const connectTimeout = parameters.get('connect_timeout');
  const connectTimeoutSeconds = connectTimeout === null ? undefined : Number(connectTimeout);
  if (connectTimeoutSeconds !== undefined && !(connectTimeoutSeconds > 0)) throw invalid('connect_timeout must be a positive number of seconds');
  return connectTimeoutSeconds === undefined ? undefined : Math.round(connectTimeoutSeconds * 1000);
}

/** `[::1]` → `::1`. */
export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export function decodeUrlPart(text: string, invalid: (reason: string) => QuerentError): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalid('it holds a malformed %-escape');
  }
}
