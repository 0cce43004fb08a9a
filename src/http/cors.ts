/**
 * CORS, off unless origins are configured (`QUERENT_CORS_ORIGINS`): browsers on those origins may
 * call the API with a key header; other origins get no CORS headers, so their browsers refuse.
 */
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/** Response headers a browser script may read: the request id, where to poll, and file names. */
const EXPOSED_HEADERS = ['x-request-id', 'location', 'retry-after', 'content-disposition', 'x-querent-truncated'];
const ALLOWED_HEADERS = ['content-type', 'x-api-key', 'authorization', 'idempotency-key'];
/** How long a browser may cache a preflight answer, seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    // A function rather than the list: for an origin it refuses, the plugin then adds no CORS
    // header at all (with a list it would still describe the allowed methods and headers).
    origin: origins.includes('*') ? '*' : (origin: string | undefined, callback: (error: Error | null, allow: string | false) => void) =>
      callback(null, origin !== undefined && origins.includes(origin.toLowerCase()) ? origin : false),
    methods: ['GET', 'POST'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    // Keys travel in headers, never in cookies.
    credentials: false,
  });
}
