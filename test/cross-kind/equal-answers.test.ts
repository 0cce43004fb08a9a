/**
 * The same questions on the same data in PGlite, PostgreSQL and MariaDB must get the same answers:
 * the engine decides the same way on each kind's catalog and value index, and every answered
 * question returns equal rows (see `compare-answers.ts`). Both sample datasets are copied into a
 * fresh database on each server, dropped afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultTable } from '../../src/connectors/connector.ts';
import { createBuiltinEngine } from '../../src/engine/builtin-engine.ts';
import type { PlanResult } from '../../src/engine/question-engine.ts';
import type { SampleSlug } from '../../src/samples/sample-datasets.ts';
import type { ConnectorSource } from '../support/connector-source.ts';
import { answerDifference } from './compare-answers.ts';
import { KINDS, openKindSources, type Kind, type KindSources } from './kind-sources.ts';
import { SAMPLE_QUESTIONS } from './sample-questions.ts';

/** Enough for every list in the suite to arrive whole, so that truncation cannot hide a difference. */
const MAX_ROWS = 20_000;
const SLUGS: readonly SampleSlug[] = ['wholesale', 'saas'];
const engine = createBuiltinEngine();
const now = new Date();

let kindSources: KindSources | undefined;
const tally = Object.fromEntries(KINDS.map((kind) => [kind, { answered: 0, declined: 0, equal: 0 }])) as Record<Kind, { answered: number; declined: number; equal: number }>;

beforeAll(async () => {
  kindSources = await openKindSources(SLUGS, MAX_ROWS);
}, 120_000);

afterAll(async () => {
  await kindSources?.close();
  console.log(`Loaded: ${kindSources?.timings.join('; ')}`);
  for (const kind of KINDS) console.log(`${kind}: ${tally[kind].answered} answered (${tally[kind].equal} equal to PGlite), ${tally[kind].declined} declined`);
});

async function answer(source: ConnectorSource, plan: PlanResult): Promise<ResultTable | undefined> {
  if (!plan.ok) return undefined;
  return source.connector.execute(source.connector.compile(plan.query, source.catalog), { timeoutMs: 20_000 });
}

describe.each(SLUGS)('%s', (slug) => {
  const questions = SAMPLE_QUESTIONS[slug];

  it('has at least 60 questions', () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
  });

  it.each(questions)('%s', async (question) => {
    const kinds = kindSources!.sources.get(slug)!;
    const plans = {} as Record<Kind, PlanResult>;
    for (const kind of KINDS) plans[kind] = await engine.plan(question, { catalog: kinds[kind].catalog, values: kinds[kind].values, now });
    const decisions = KINDS.map((kind) => `${kind}: ${plans[kind].ok ? 'answered' : `declined (${(plans[kind] as { reason: string }).reason})`}`);
    for (const kind of KINDS) tally[kind][plans[kind].ok ? 'answered' : 'declined'] += 1;
    expect(new Set(KINDS.map((kind) => plans[kind].ok)).size, decisions.join('; ')).toBe(1);
    const reference = plans.pglite;
    if (!reference.ok) return;

    const results = await Promise.all(KINDS.map((kind) => answer(kinds[kind], plans[kind])));
    const differences: string[] = [];
    KINDS.forEach((kind, index) => {
      const plan = plans[kind];
      if (!plan.ok) return;
      if (JSON.stringify(plan.query) !== JSON.stringify(reference.query)) differences.push(`${kind}: planned another query`);
      const difference = answerDifference(reference.query, results[0]!, results[index]!);
      if (difference === undefined) tally[kind].equal += 1;
      else differences.push(`${kind}: ${difference}`);
    });
    expect(differences).toEqual([]);
  });
});
