/**
 * The compiled constructs beyond one grouped SELECT — related filters (EXISTS / NOT EXISTS),
 * measures over per-group totals, window measures, a limit per group and a having filter against
 * the average — give equal rows on PGlite, PostgreSQL and MariaDB for the same logical query on
 * the same data (the wholesale sample). Every query must return rows, so that equality means
 * something; it is compared as `compare-answers.ts` does for the engine's questions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDifference } from './compare-answers.ts';
import { CONSTRUCT_QUERIES } from './construct-queries.ts';
import { KINDS, openKindSources, type KindSources } from './kind-sources.ts';

const MAX_ROWS = 20_000;
let kindSources: KindSources | undefined;

beforeAll(async () => {
  kindSources = await openKindSources(['wholesale'], MAX_ROWS);
}, 120_000);

afterAll(async () => {
  await kindSources?.close();
});

describe('constructs on every SQL kind', () => {
  it.each(CONSTRUCT_QUERIES.map(({ name, query: logical }) => [name, logical] as const))('%s', async (_, logical) => {
    const kinds = kindSources!.sources.get('wholesale')!;
    const results = await Promise.all(KINDS.map((kind) => {
      const { connector, catalog } = kinds[kind];
      return connector.execute(connector.compile(logical, catalog), { timeoutMs: 20_000 });
    }));
    const reference = results[0]!;
    expect(reference.rows.length).toBeGreaterThan(0);
    expect(reference.truncated).toBe(false);
    const differences = KINDS.slice(1).flatMap((kind, index) => {
      const difference = answerDifference(logical, reference, results[index + 1]!);
      return difference === undefined ? [] : [`${kind}: ${difference}`];
    });
    expect(differences).toEqual([]);
  });
});
