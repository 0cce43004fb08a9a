import pino, { type Logger } from 'pino';
import { serializeError } from './log-errors.ts';

/** Paths that may hold a secret; pino replaces them before anything is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'apiKey',
  'url',
  'connectionUrl',
  'password',
  'credentials',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Every error, at every level, whatever the key it is logged under.
    serializers: { err: serializeError, error: serializeError },
  }, destination);
}

export type { Logger };
