import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, KeyService } from '../services/key-service.ts';
import { QuerentError, isQuerentError } from '../core/errors.ts';
import type { AuthFailureLimit } from './auth-failure-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every authenticated route. */
    caller: Caller;
  }
}

/**
 * Resolves the API key from `x-api-key` or `Authorization: Bearer` into the calling workspace.
 * An address past its limit of failed attempts gets 429 before any key look-up, unless it
 * presents a key this process has already accepted (held in memory: no look-up either).
 */
export function createAuthHook(keys: KeyService, failures: AuthFailureLimit) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const presented = presentedKey(request);
    const remembered = presented ? keys.authenticateFromMemory(presented) : undefined;
    if (remembered) {
      request.caller = remembered;
      return;
    }
    const waitSeconds = failures.blockedFor(request.ip);
    if (waitSeconds > 0) {
      reply.header('retry-after', String(waitSeconds));
      throw new QuerentError('rate_limited',
        `Too many requests without a valid API key from this address; retry after ${waitSeconds} s.`);
    }
    if (!presented) {
      failures.recordFailure(request.ip);
      throw new QuerentError('missing_api_key', 'Send your API key in the x-api-key header or as Authorization: Bearer <key>.');
    }
    try {
      request.caller = await keys.authenticate(presented);
    } catch (error) {
      if (isQuerentError(error) && error.code === 'invalid_api_key') failures.recordFailure(request.ip);
      throw error;
    }
  };
}

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const apiKey = Array.isArray(header) ? header[0] : header;
  if (apiKey?.trim()) return apiKey.trim();
  const authorization = request.headers.authorization;
  const match = authorization && /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : undefined;
}
