import { QuerentError } from './errors.ts';

/**
 * Refuses text that no store can keep as it is: PostgreSQL text cannot hold NUL, and an unpaired
 * UTF-16 surrogate has no UTF-8 form (drivers would replace it, or the data source would refuse it).
 * `path` names the field in the problem's `errors`, e.g. `body.prompt`.
 */
export function assertStorableText(path: string, value: string): void {
  if (!value.includes('\u0000') && value.isWellFormed()) return;
  const message = 'must not contain NUL characters or unpaired surrogates';
  throw new QuerentError('invalid_request', `${path} ${message}`, { extensions: { errors: [{ path, message }] } });
}
