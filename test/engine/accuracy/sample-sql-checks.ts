/**
 * Both samples opened for a test file, and the check the day-one and verified-question tests make:
 * a query's rows, shaped as the API shapes them, against the rows of hand-written SQL.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { shapeAnswer } from '../../../src/render/answer-rows.ts';
import type { SampleSlug } from '../../../src/samples/sample-datasets.ts';
import type { ConnectorSource } from '../../support/connector-source.ts';
import { SHARED_SAMPLES_DIR } from '../../support/paths.ts';
import { compareRows } from './compare-rows.ts';
import { openSampleSource, runSql } from './evaluate-samples.ts';

export interface SqlCheck {
  readonly sql: string;
  readonly orderMatters?: boolean;
}

/** Opens both samples before the file's tests, closes them after; `get` is for inside tests. */
export function useSampleSources(now: Date): { get(dataset: SampleSlug): ConnectorSource } {
  const sources = new Map<SampleSlug, ConnectorSource>();
  beforeAll(async () => {
    for (const dataset of ['wholesale', 'saas'] as const) sources.set(dataset, await openSampleSource(SHARED_SAMPLES_DIR, dataset, now));
  }, 120_000);
  afterAll(async () => {
    for (const source of sources.values()) await source.connector.close();
  });
  return { get: (dataset) => sources.get(dataset)! };
}

export async function expectRowsOfSql(source: ConnectorSource, query: LogicalQuery, { sql, orderMatters }: SqlCheck): Promise<void> {
  const { connector, catalog } = source;
  const answer = shapeAnswer(query, await connector.execute(connector.compile(query, catalog)));
  const gold = await runSql(connector, sql);
  expect(gold.rows.length).toBeGreaterThan(0);
  const { correct } = compareRows(answer.result.rows, gold.rows, orderMatters === true);
  expect(correct, `${JSON.stringify(answer.result.rows.slice(0, 3))} against ${JSON.stringify(gold.rows.slice(0, 3))}`).toBe(true);
}
