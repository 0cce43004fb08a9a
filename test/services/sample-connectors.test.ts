/**
 * The sample datasets as a server serves them (one PGlite thread on the sample set, each dataset in
 * its own schema) against the in-memory copy of each dataset that tests and tools load: the same
 * catalog, value index, plans, SQL text and rows for every question of the cross-kind suite, and
 * a dataset's catalog, guard and search path that know none of the other's tables.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { assertSafePostgresSelect } from '../../src/connectors/postgres/postgres-sql-guard.ts';
import { createBuiltinEngine } from '../../src/engine/builtin-engine.ts';
import { openSampleDatabase, type SampleSlug } from '../../src/samples/sample-datasets.ts';
import { createSampleConnectors, withSemantics, type SampleConnectors } from '../../src/services/sample-connectors.ts';
import { SAMPLE_QUESTIONS } from '../cross-kind/sample-questions.ts';
import { loadSource, type ConnectorSource } from '../support/connector-source.ts';
import { SHARED_SAMPLES_DIR, tempDir } from '../support/paths.ts';

const SLUGS: readonly SampleSlug[] = ['wholesale', 'saas'];
const engine = createBuiltinEngine();
const now = new Date();


const dataDir = tempDir('sample-connectors');
let samples: SampleConnectors;
const served = new Map<SampleSlug, ConnectorSource>();
const inMemory = new Map<SampleSlug, ConnectorSource>();

beforeAll(async () => {
  samples = createSampleConnectors({ samplesDir: SHARED_SAMPLES_DIR, dataDir, idleMs: 0, maxRows: 20_000 });
  for (const slug of SLUGS) {
    served.set(slug, await loadSource(await samples.connector(slug)));
    const db = await openSampleDatabase(SHARED_SAMPLES_DIR, slug);
    inMemory.set(slug, await loadSource(withSemantics(createPgliteConnector(db, { maxRows: 20_000, closeDatabase: true }), slug)));
  }
}, 120_000);

afterAll(async () => {
  for (const source of inMemory.values()) await source.connector.close();
  await samples.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each(SLUGS)('%s served from the sample set', (slug) => {
  it('has the catalog of its own database, its tables named without a schema, and the same values', () => {
    const own = inMemory.get(slug)!.catalog.entities.map(({ schema, ...entity }) => {
      expect(schema).toBe('public');
      return entity;
    });
    expect(served.get(slug)!.catalog.entities).toEqual(own);
    expect(served.get(slug)!.values).toEqual(inMemory.get(slug)!.values);
  });

  it('plans, compiles and answers every question of the cross-kind suite as its own database does', async () => {
    let answered = 0;
    for (const question of SAMPLE_QUESTIONS[slug]) {
      const [mine, reference] = [served.get(slug)!, inMemory.get(slug)!];
      const plan = await engine.plan(question, { catalog: mine.catalog, values: mine.values, now });
      expect(plan, question).toEqual(await engine.plan(question, { catalog: reference.catalog, values: reference.values, now }));
      if (!plan.ok) continue;
      const compiled = mine.connector.compile(plan.query, mine.catalog);
      const referenceCompiled = reference.connector.compile(plan.query, reference.catalog);
      expect(compiled, question).toEqual(referenceCompiled);
      const [rows, referenceRows] = await Promise.all([
        mine.connector.execute(compiled, { timeoutMs: 20_000 }),
        reference.connector.execute(referenceCompiled, { timeoutMs: 20_000 }),
      ]);
      expect(rows, question).toEqual(referenceRows);
      answered += 1;
    }
    expect(answered).toBeGreaterThanOrEqual(10);
  }, 180_000);
});

describe('one sample beside the other', () => {
  it('lists none of the other sample\'s tables, and its guard and search path reach none of them', async () => {
    const wholesale = served.get('wholesale')!;
    const saasTables = served.get('saas')!.catalog.entities.map((entity) => entity.table);
    const wholesaleTables = wholesale.catalog.entities.map((entity) => entity.table);
    expect(wholesaleTables).not.toContain('accounts');
    expect(saasTables).toContain('accounts');
    await expect(assertSafePostgresSelect('SELECT count(*) FROM "saas"."accounts"', wholesale.catalog)).rejects.toThrow(/"saas.accounts", which is not in the catalog/);
    const hand = { language: 'sql', dialect: 'postgresql', text: 'SELECT count(*) FROM "accounts"', params: [] } as const;
    await expect(wholesale.connector.execute(hand)).rejects.toMatchObject({ detail: expect.stringMatching(/no longer has/) });
  });
});
