import type { FastifyRequest } from 'fastify';
import type { Caller, KeyService } from '../services/key-service.ts';
import { QuerentError } from '../core/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every authenticated route. */
    caller: Caller;
  }
}

/** Resolves the API key from `x-api-key` or `Authorization: Bearer` into the calling workspace. */
export function createAuthHook(keys: KeyService) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const presented = presentedKey(request);
    if (!presented) {
      throw new QuerentError('missing_api_key', 'Send your API key in the x-api-key header or as Authorization: Bearer <key>.');
    }
    request.caller = await keys.authenticate(presented);
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
