import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random lower-case base-36 string of `length` characters (about 5.17 bits each). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += ALPHABET[byte % 36];
  return token;
}

export const newWorkspaceId = (): string => `ws_${randomToken(16)}`;
export const newRunId = (): string => `run_${randomToken(20)}`;
/** Whether `id` has the shape of a run id; anything else names no run, so needs no look-up. */
export const isRunIdShaped = (id: string): boolean => /^run_[0-9a-z]{1,64}$/.test(id);
export const newKeyId = (): string => randomToken(12);
/** 32 base-36 characters: about 165 bits of entropy. */
export const newKeySecret = (): string => randomToken(32);
export const newRequestId = (): string => `req_${randomToken(16)}`;
