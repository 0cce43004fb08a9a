import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/core/errors.ts';
import { ROOT } from '../support/paths.ts';

/** The catalogue must hold every code DESIGN.md §3 names, with the status it gives. */
describe('error catalogue', () => {
  const design = fs.readFileSync(path.join(ROOT, '../shared/DESIGN.md'), 'utf8');
  // The codes end at the sentence about 422's `reason` field, which names a field, not a code.
  const statusLine = design.slice(design.indexOf('Status codes:'), design.indexOf('A 422 also carries'));
  // "400 `a` / `b`; 401 `c` / `d` (…)": every code belongs to the status written before it.
  const documented = statusLine.split(/(?=\b\d{3} `)/).flatMap((part) => {
    const status = Number(part.slice(0, 3));
    const codes = [...part.matchAll(/`(\w+)`/g)].map(([, code]) => code!);
    return Number.isInteger(status) ? codes.map((code) => ({ code, status })) : [];
  });

  it('reads the codes from DESIGN.md', () => {
    expect(documented.length).toBeGreaterThanOrEqual(13);
  });

  it.each(documented)('$code answers $status', ({ code, status }) => {
    expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE]?.status).toBe(status);
  });
});
